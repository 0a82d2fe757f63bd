import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANONICAL_FOOTER } from "../../src/engine/lifecycle/synthesize";
import { stripBoilerplate } from "../../src/engine/synthesis";

describe("stripBoilerplate: preambles and persona lines", () => {
  it.each([
    ["As an AI, I cannot provide medical advice, but here is a checklist for your visit.", "Here is a checklist for your visit."],
    ["As an AI language model, I can't examine you.", ""],
    ["As an AI, here is your visit checklist.", "Here is your visit checklist."],
    ["I am not a doctor, but these questions can help.", "These questions can help."],
    ["I'm not a medical professional. But I can help you get ready.", "I can help you get ready."],
    ["Note: I'm not a doctor.", ""],
    ["Based on the provided reference document, bring your pill bottles.", "Bring your pill bottles."],
    ["According to the reference materials, write your questions down first.", "Write your questions down first."],
    ["Sure! Here is your agenda:", "Here is your agenda:"],
    ["Great question! Bring your log.", "Bring your log."],
    ["Como IA, no puedo dar consejos médicos. Pero puedo ayudarle a preparar su visita.", "Puedo ayudarle a preparar su visita."],
    ["No soy médico, pero estas preguntas le pueden ayudar.", "Estas preguntas le pueden ayudar."],
    ["Según el documento de referencia proporcionado, lleve su lista de medicamentos.", "Lleve su lista de medicamentos."],
    ["Con base en la información proporcionada: anote sus síntomas.", "Anote sus síntomas."],
    ["¡Claro! Aquí está su lista.", "Aquí está su lista."],
  ])("%j → %j", (input, expected) => {
    expect(stripBoilerplate(input)).toBe(expected);
  });
});

describe("stripBoilerplate: disclaimers", () => {
  it.each([
    "Disclaimer: This is not medical advice. Always consult your healthcare provider for personalized advice.",
    "**Disclaimer:** I am an AI and this is general information.",
    "_This information is not a substitute for professional medical advice._",
    "This is not medical advice.",
    "The information provided is for educational purposes only.",
    "Please consult your doctor for personalized medical advice.",
    "Always talk to a qualified healthcare professional before making any changes.",
    "Descargo de responsabilidad: esta información no sustituye la atención médica.",
    "Esta información no es un consejo médico.",
    "Esto no constituye un diagnóstico.",
    "Consulte siempre a su médico para obtener asesoramiento personalizado.",
    "La información es solo con fines informativos.",
  ])("drops %j", (input) => {
    expect(stripBoilerplate(input)).toBe("");
  });

  it("drops a disclaimer section under its own heading, keeping the next section", () => {
    const text = "Bring your log.\n\n## Disclaimer\n\nThis is general information and not a diagnosis of any kind.\n\n## Next steps\n\nCall the clinic to confirm.";
    expect(stripBoilerplate(text)).toBe("Bring your log.\n\n## Next steps\n\nCall the clinic to confirm.");
  });

  it("removes copies of the canonical footer in both languages", () => {
    for (const footer of Object.values(CANONICAL_FOOTER)) {
      expect(stripBoilerplate(`Bring your pill bottles.\n\n${footer}`)).toBe("Bring your pill bottles.");
    }
  });

  it("removes a trailing horizontal rule left behind by a removed disclaimer", () => {
    expect(stripBoilerplate("Bring your log.\n\n---\n\n*Disclaimer: not medical advice.*")).toBe("Bring your log.");
  });
});

describe("stripBoilerplate keeps real content", () => {
  it.each([
    "If you have chest pain, call 911 now.",
    "Si tiene dolor en el pecho, llame al 911 de inmediato.",
    "Talk to your kidney doctor before starting any new pain reliever.",
    "Based on your blood pressure log, your morning readings are higher.",
    "Based on the notes you saved, here is your list.",
    "This list is not complete: add anything else you want to ask.",
    "Ask your doctor: what does this test result mean for me?",
    "Note: bring your insurance card.",
    "Pregunte a su médico: ¿qué significa este resultado?",
    "Call your doctor right away if your weight goes up quickly.",
  ])("keeps %j", (input) => {
    expect(stripBoilerplate(input)).toBe(input);
  });

  it("keeps urgent-help sentences even inside disclaimers", () => {
    expect(stripBoilerplate("Disclaimer: I am not a doctor. If you have trouble breathing, call 911 now.")).toBe("If you have trouble breathing, call 911 now.");
    expect(stripBoilerplate("As an AI I cannot help in an emergency; call 911.")).toBe("As an AI I cannot help in an emergency; call 911.");
    expect(stripBoilerplate("## Disclaimer\n\nThis is not medical advice.\nIn an emergency, call 911.")).toBe("In an emergency, call 911.");
  });

  it("keeps list structure, tables and code blocks", () => {
    const text = [
      "# Heart visit",
      "",
      "1. As an AI, I can't diagnose. Bring your blood pressure log.",
      "2. Bring your pill bottles.",
      "- I am not a doctor.",
      "- Write your questions down.",
      "",
      "| Day | Reading |",
      "|-----|---------|",
      "| Mon | This is not medical advice. |",
      "",
      "```",
      "Disclaimer: kept inside code",
      "```",
    ].join("\n");
    expect(stripBoilerplate(text)).toBe(
      [
        "# Heart visit",
        "",
        "1. Bring your blood pressure log.",
        "2. Bring your pill bottles.",
        "- Write your questions down.",
        "",
        "| Day | Reading |",
        "|-----|---------|",
        "| Mon | This is not medical advice. |",
        "",
        "```",
        "Disclaimer: kept inside code",
        "```",
      ].join("\n"),
    );
  });
});

describe("stripBoilerplate on mixed text (property)", () => {
  const BOILERPLATE = [
    "As an AI, I cannot provide medical advice.",
    "I am not a doctor.",
    "This is not medical advice.",
    "Please consult your healthcare provider for personalized advice.",
    "Esta información no sustituye la atención médica.",
    "No soy médico.",
    CANONICAL_FOOTER.en,
    CANONICAL_FOOTER.es,
  ];
  const CONTENT = [
    "Bring your blood pressure log.",
    "Write down when the swelling started.",
    "Ask your doctor: what should I watch for at home?",
    "Lleve su lista de medicamentos.",
    "Anote sus lecturas de azúcar.",
    "Call 911 if you have chest pain.",
    "Si tiene dolor en el pecho, llame al 911.",
  ];
  const piece = fc.oneof(fc.constantFrom(...BOILERPLATE).map((t) => ({ t, keep: false })), fc.constantFrom(...CONTENT).map((t) => ({ t, keep: true })));
  const line = fc.array(piece, { minLength: 1, maxLength: 4 });
  const doc = fc.array(fc.tuple(line, fc.constantFrom("", "- ", "1. ", "> ")), { minLength: 1, maxLength: 8 });

  it("drops every boilerplate sentence, keeps every content sentence in order, and is idempotent", () => {
    fc.assert(
      fc.property(doc, (lines) => {
        const text = lines.map(([pieces, prefix]) => prefix + pieces.map((p) => p.t).join(" ")).join("\n");
        const cleaned = stripBoilerplate(text);
        const expected = lines.flatMap(([pieces]) => pieces.filter((p) => p.keep).map((p) => p.t));
        let at = 0;
        for (const sentence of expected) {
          const found = cleaned.indexOf(sentence, at);
          expect(found, `missing ${sentence}`).toBeGreaterThanOrEqual(0);
          at = found + sentence.length;
        }
        for (const b of BOILERPLATE) expect(cleaned.includes(b), `kept ${b}`).toBe(false);
        // No fragment of a footer copy survives either (the lifecycle appends the only footer).
        expect(cleaned).not.toMatch(/Carefold|emergency care|servicio de emergencias|prescribed it|se lo recetó|medical advice|not a doctor|No soy/);
        expect(stripBoilerplate(cleaned)).toBe(cleaned);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
