/**
 * The deterministic safety core (safety.md): the emergency red-flag gate, crisis numbers, the refusal
 * gate for input and streamed output, PII masking and clinical_assist consent. No model, no network,
 * no electron: pure functions plus the consent store's database edge.
 */
export { detectEmergency, analyzeEmergency, NO_EMERGENCY } from "./emergency";
export type { RefusalCheck, CheckRefusal, CheckAnswer, EmergencyCheck, DetectEmergency, CrisisRespond, SanitizePii } from "./ports";
export { createEmergencyGate } from "./gate";
export type { EmergencyGate, GateDecision, GateSource } from "./gate";
export { createSemanticGate, loadSemanticGate, SEMANTIC_MODEL_FILE } from "./semantic/index";
export type { SemanticGate, SemanticDecision } from "./semantic/index";
export type { EmergencyDecision, EmergencyAnalysis } from "./emergency";
export { crisisResponse, crisisNumbers, CRISIS_TABLE } from "./crisisNumbers";
export type { CrisisResponse } from "./crisisNumbers";
export { checkRefusal, NO_REFUSAL, REFUSAL_MESSAGES } from "./refusal";
export { createRefusalGate } from "./refusalGate";
export type { RefusalGate, RefusalGateDecision } from "./refusalGate";
export { createRefusalClassifier, loadRefusalClassifier, REFUSAL_MODEL_FILE } from "./semantic/refusal";
export type { RefusalClassifier, RefusalClassification } from "./semantic/refusal";
export { createOutputClassifier, INTRO_REACH, loadOutputClassifier, outputContext, OUTPUT_MODEL_FILE } from "./semantic/output";
export { splitSentences, sentenceEnd } from "./sentences";
export type { Sentence } from "./sentences";
export type { RefusalDecision, RefusalOptions, RefusalCategory, Direction } from "./refusal";
export { checkAnswer, createOutputGuard } from "./outputGuard";
export type { OutputGuard, OutputGuardOptions } from "./outputGuard";
export { maskIdentifiers, OUTPUT_IDENTIFIERS, sanitizePii } from "./pii";
export type { PiiResult, PiiType } from "./pii";
export { createConsentStore } from "./consent";
export type { ConsentStore, ConsentState, ConsentOptions } from "./consent";
export { normalizeText, normalizeForMatching } from "./normalize";
export type { TextSpan, NormalizedText } from "./normalize";
export { FAMILIES } from "./rules/index";
export type { EmergencyFamily, EmergencyAction, GateLanguage } from "./rules/index";
