/**
 * Allow rules of the refusal gate (safety.md §2): words that make a refused phrase legitimate
 * navigation — a question *for* the clinician, a diagnosis the clinician already gave, a warning not to
 * stop a medicine. Each rule says which categories it may excuse and how far its reach goes, because a
 * sentence-wide excuse is a loophole: "My doctor said I have diabetes, can I stop my metformin?" is still
 * a request to stop a medicine, and "Never skip your inhaler, and you can wait until morning" still
 * tells someone to delay emergency care.
 */
import { CLINICIAN, CLINICIAN_ES, type Direction, type RefusalCategory } from "./refusalRules";

export interface AllowRule {
  /** Where the words stand relative to the refused phrase. */
  where: "before" | "after";
  /**
   * How far the excuse reaches: the whole sentence, or only the clause the refused phrase is in (a new
   * clause starts at "but", a colon, or a comma or "and" that brings a new subject: see ./segment).
   */
  scope: "sentence" | "clause";
  /** Categories the rule may excuse. */
  only: readonly RefusalCategory[];
  /** Excuse only inside a sentence that ends with a question mark. */
  question?: boolean;
  en?: readonly string[];
  es?: readonly string[];
}

const ALL: readonly RefusalCategory[] = ["diagnose", "prescribe", "dose", "instruct_stop_medication", "replace_emergency_care"];
/** Emergency-care refusals are excused only by their rules' own adjacent words, never sentence-wide. */
const NOT_EMERGENCY: readonly RefusalCategory[] = ["diagnose", "prescribe", "dose", "instruct_stop_medication"];
const MEDICINE_CHOICE: readonly RefusalCategory[] = ["prescribe", "instruct_stop_medication"];
/** Verbs a "never …" warning can chain before the refused one: "never stop, skip or double a dose". */
const STOP_VERBS = "(stop|skip|change|double|start|adjust|halve|pause|quit|switch)";
const STOP_VERBS_ES = "(deje|deja|suspenda|suspende|cambie|cambia|duplique|duplica|salte|omita|omite|pare)";

export const ALLOW_RULES: Readonly<Record<Direction, readonly AllowRule[]>> = {
  input: [
    {
      // Navigation requests: these frame the whole sentence as preparing to talk to a clinician.
      where: "before",
      scope: "sentence",
      only: ALL,
      en: [
        `(ask|asking|tell|telling|talk to|talking to|discuss with|bring up with|check with|call|message|email|raise with) (my|the|his|her|our|their) ${CLINICIAN}`,
        `questions? (to ask|for (my|the|his|her|our) ${CLINICIAN}|about)`,
        "what (should|can|do|could) (i|we) ask",
        "how (do|can|should) (i|we) (ask|bring up|raise|talk about|discuss)",
        "help me (prepare|write|list|plan|track|log|organize|figure out what to ask|word)",
        "help me make (a list|a log|a chart|a schedule|a tracker|notes|questions|a plan for (my|the) (visit|appointment))",
        "(prepare|get ready) for (my|the|his|her|our) (visit|appointment|call)",
        "(write|make) (down )?(a list of )?questions",
      ],
      es: [
        `(preguntar|preguntarle|decirle|hablar con|consultar con|llamar a) (a )?(mi|el|la|su|nuestro) ${CLINICIAN_ES}`,
        "preguntas (para|que (le )?(debo|puedo) hacer)",
        "que (le )?(debo|puedo) preguntar",
        "que (le |les )?pregunto",
        "ayudame a (preparar|escribir|hacer una lista|anotar|organizar|registrar)",
        "(quiero|voy a|necesito|tengo que|quisiera) (preguntar|preguntarle|preguntarles|consultar)",
        "como (le|les) (planteo|pregunto|pido|digo|explico|comento)",
      ],
    },
    {
      // A diagnosis the clinician already gave is not a request for one; it excuses nothing else.
      where: "before",
      scope: "sentence",
      only: ["diagnose"],
      en: [
        `(my|the|his|her|our) ${CLINICIAN} (said|says|told|tells|wants|prescribed|recommended|diagnosed|ordered|asked|gave|changed|started|switched|thinks|confirmed)`,
        "(was|were|been|got|am|is) diagnosed (with|as)",
        "diagnosed (me|him|her|them) with",
      ],
      es: [
        `(mi|el|la|su) ${CLINICIAN_ES} (dijo|dice|me dijo|le dijo|receto|indico|diagnostico|quiere|cambio|confirmo|cree)`,
        "(me|le|nos) diagnosticaron",
      ],
    },
    {
      // "The allergist told us how many puffs…": the amount is the clinician's, asked about for a log.
      where: "before",
      scope: "clause",
      only: ["dose"],
      en: ["(told|showed|explained to|gave|taught) (me|us|him|her|them),? ?$"],
      es: ["(me|nos|le) (dijo|dijeron|explico|explicaron|indico|indicaron),? ?$"],
    },
    {
      where: "after",
      scope: "sentence",
      only: ALL,
      en: [
        `questions? (for|to ask) (my|the|his|her|our) ${CLINICIAN}`,
        "(at|during) (my|the|his|her|our) (next )?(visit|appointment)",
        "what (should|can|do|could) (i|we) ask",
      ],
      es: [`(con|a|para) (mi|el|la|su) ${CLINICIAN_ES}`, "(en|durante|antes de) (mi|la|su) (cita|consulta)"],
    },
  ],
  output: [
    {
      // Pointing the question at the clinician.
      where: "before",
      scope: "sentence",
      only: NOT_EMERGENCY,
      en: [
        `(ask|asking|tell|talk (to|with)|discuss (it )?with|bring up with|check with|call|contact|raise (it )?with) (your|the|his|her|their) ${CLINICIAN} (whether|if|about|before|how|what|to find out)`,
        "(questions?|question list) (to ask|for your|for the|you (can|could|might) ask)",
        "(you (could|can|might) ask|ask:|ask them|a question (to|you could) ask)",
      ],
      es: [
        `(pregunte|preguntele|pregunta|preguntale|hable con|consulte con|consulta con|llame a) (a )?(su|tu|el|la) ${CLINICIAN_ES} (si|sobre|antes|como|que)`,
        "preguntas (para|que puede hacer|que puedes hacer)",
      ],
    },
    {
      // "Ask whether…", "decide if…": the rest of that clause is the open question, not an answer.
      where: "before",
      scope: "clause",
      only: NOT_EMERGENCY,
      en: ["(tell|ask|know|decide|check|find out|see|confirm) (you )?(whether|if)"],
    },
    {
      // "Never stop, skip or double a dose": the warning chains straight into the refused verb.
      where: "before",
      scope: "clause",
      only: NOT_EMERGENCY,
      en: [`(never|don't|do not|not) ${STOP_VERBS}(,? (or |and )?${STOP_VERBS})*,? (or |and )?$`],
      es: [`(nunca|no) ${STOP_VERBS_ES}(,? (o |ni |y )?${STOP_VERBS_ES})*,? (o |ni |y )?$`],
    },
    {
      // The patient's own question for the prescriber: "Can I stop this medicine?", "Is it safe for me
      // to change or stop it?", "Does anyone at home use oxygen or take insulin?". A question, not advice.
      where: "before",
      scope: "sentence",
      only: MEDICINE_CHOICE,
      question: true,
      en: [
        "(can|could|should|may|must|do|would|will|shall) (i|we)",
        "(when|how|why) (can|could|should|do|would|will) (i|we)",
        "(is|would) it (be )?(safe|ok|okay|fine|alright|all right|a good idea|possible|better|right) for (me|us|him|her|them|my [a-z]+) to",
        "(do|does|did) (you|he|she|they|anyone|anybody|someone|your [a-z]+|the (person|child|patient)) {g4}(take|use)",
      ],
      es: ["(puedo|debo|deberia|podemos|debemos)", "(es|seria) (seguro|bueno|mejor|posible) para (mi|nosotros|el|ella|mi [a-z]+)"],
    },
    {
      // "No puedo decirte si puedes dejarla", "quieres saber si…": the open question, not an answer.
      where: "before",
      scope: "clause",
      only: NOT_EMERGENCY,
      es: [
        "(sobre|de|acerca de|decir|decirte|decirle|saber|valorar|confirmar|asegurar|asegurarte|decidir|preguntar|preguntarle|preguntale|preguntele|pregunte|ver|averiguar|revisar) (si|que)",
        "(?<!si )(quieres|quiere|quisieras|quisiera|deseas|desea|piensas|pensabas|te gustaria|le gustaria|estas pensando en)",
      ],
    },
    {
      // The words are a source's: "your label says…", "según tu lista…", "tu hoja dice que…".
      where: "before",
      scope: "sentence",
      only: NOT_EMERGENCY,
      en: [
        "according to (your|the|his|her)",
        `(your|the|his|her|their) ([a-z'-]+ ){0,3}(label|list|bottle|box|prescription|sheet|handout|summary|notes?|instructions|plan|letter|chart|record|entry|form|report|${CLINICIAN}|${CLINICIAN}'s) {g4}(says|said|reads|shows|lists|states|wrote|told you|tells you|instructs|asks|noted|recorded)`,
        "(as you entered|you entered|as entered|you listed|your entry|your entries|on your list|from your list)",
        // The clinician's own paperwork, named before its words: "ER discharge instructions: …",
        // "Dr. Moss's note from today: …", "Dr. Ruiz's plan from today's visit: …", "per your check-ins".
        "(discharge|after-visit|after visit|visit|follow-up|post-op|prep|action|treatment|care|sliding[- ]scale|taper|written) (note|notes|summary|instructions|sheet|plan|list|paperwork|orders|schedule)",
        "'s (note|notes|plan|instructions|orders|message|letter|prescription|schedule)( from [a-z' ]{1,30})?:",
        "(plan|instructions|orders|note|notes) from (today's|today|the|your|his|her|their|this morning's|yesterday's) ",
        "(per|as per) (your|the|his|her|their) ",
      ],
      es: [
        "(segun|de acuerdo con) (tu|su|la|el|lo que)",
        `(tu|su|la|el) ([a-z]+ ){0,4}(lista|etiqueta|receta|hoja|ficha|informe|caja|carta|plan|nota|notas|indicacion|indicaciones|pauta|resumen|registro|diario|prospecto|${CLINICIAN_ES}) {g6}(dice|decia|pone|indica|indico|escribio|anoto|figura|muestra|receto|pidio|te dijo|le dijo)`,
        "(en|de) (tu|su) (lista|ficha|registro|diario|expediente|historial)",
        // "La pauta que te dio tu dentista: …", "ella te indicó que…", "el informe de alta…".
        "(pauta|indicaciones|instrucciones|informe|hoja|plan|receta) (de alta|que te (dio|dieron|dejo|dejaron|receto|recetaron|indico|indicaron|pauto|pautaron|mando|mandaron)|que le (dio|dieron|receto|recetaron|indico|indicaron|pauto|pautaron)|del hospital|de urgencias)",
        "(te|le|os|les) (indico|indicaron|pauto|pautaron) que",
      ],
    },
    {
      where: "after",
      scope: "sentence",
      only: NOT_EMERGENCY,
      en: ["(without|before|unless) (first )?(talking|speaking|checking|asking|consulting)"],
      es: ["(sin|antes de) (hablar|consultar|preguntar)", `(pregunte|consulte|confirme) (a|con) (su|tu) ${CLINICIAN_ES}`],
    },
  ],
};
