/**
 * The safety folder's ports (src/engine/safety/ports.ts): each implementation satisfies its port, so the
 * lifecycle gate and the specialists' middleware take the real functions without a copied signature.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  checkAnswer,
  checkRefusal,
  createEmergencyGate,
  createRefusalGate,
  crisisResponse,
  detectEmergency,
  sanitizePii,
  type CheckAnswer,
  type CheckRefusal,
  type CrisisRespond,
  type DetectEmergency,
  type SanitizePii,
} from "../../src/engine/safety/index";
import type { SafetyGate } from "../../src/engine/lifecycle/gate";
import type { SafetyFunctions } from "../../src/engine/agents/specialistFactory";
import type { ClinicalSafetyOptions } from "../../src/engine/agents/middleware/clinicalSafety";

describe("safety ports", () => {
  const refusalGate = createRefusalGate({ semantic: null });
  const emergencyGate = createEmergencyGate({ semantic: null });

  it("checkRefusal and RefusalGate.check are both a CheckRefusal", () => {
    const ports: CheckRefusal[] = [checkRefusal, (text, options) => refusalGate.check(text, options)];
    for (const check of ports) {
      expect(check("Do I have diabetes?", { direction: "input" })).toMatchObject({ refuse: true, category: "diagnose" });
      expect(check("What should I ask my doctor?", { direction: "input", language: "es" }).refuse).toBe(false);
    }
    expectTypeOf(checkRefusal).toMatchTypeOf<CheckRefusal>();
    expectTypeOf(refusalGate.check).toMatchTypeOf<CheckRefusal>();
  });

  it("checkAnswer, bound to a language's guard, is a CheckAnswer that decides as the streaming guard does", () => {
    const answer: CheckAnswer = (text, language) => checkAnswer(text, { language });
    expect(answer("Your list is ready. You should take 2 tablets of ibuprofen every 4 hours.", "en")).toMatchObject({ refuse: true, category: "dose" });
    expect(answer("Your list is ready. Bring it to the visit.", "es").refuse).toBe(false);
  });

  it("EmergencyGate.detect and detectEmergency are both a DetectEmergency", () => {
    const ports: DetectEmergency[] = [(text, sources) => emergencyGate.detect(text, sources), (text) => detectEmergency(text)];
    for (const detect of ports) expect(detect("I am having crushing chest pain right now").emergency).toBe(true);
    expectTypeOf(emergencyGate.detect).toMatchTypeOf<DetectEmergency>();
  });

  it("the consumers' dependency types are the ports themselves", () => {
    expectTypeOf<SafetyGate["checkRefusal"]>().toEqualTypeOf<CheckRefusal>();
    expectTypeOf<SafetyGate["detectEmergency"]>().toEqualTypeOf<DetectEmergency>();
    expectTypeOf<SafetyGate["crisisResponse"]>().toEqualTypeOf<CrisisRespond>();
    expectTypeOf<SafetyFunctions["checkRefusal"]>().toEqualTypeOf<CheckRefusal>();
    expectTypeOf<SafetyFunctions["sanitizePii"]>().toEqualTypeOf<SanitizePii>();
    expectTypeOf<SafetyFunctions["checkAnswer"]>().toEqualTypeOf<CheckAnswer>();
    expectTypeOf<ClinicalSafetyOptions["checkAnswer"]>().toEqualTypeOf<CheckAnswer>();
    expectTypeOf<ClinicalSafetyOptions["checkRefusal"]>().toEqualTypeOf<CheckRefusal>();
    expectTypeOf(crisisResponse).toEqualTypeOf<CrisisRespond>();
    expectTypeOf(sanitizePii).toEqualTypeOf<SanitizePii>();
  });
});
