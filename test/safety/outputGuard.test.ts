import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRefusal, createOutputGuard } from "../../src/engine/safety/index";

function stream(text: string, cuts: number[]): { shown: string; blocked: ReturnType<typeof createOutputGuard>["blocked"] } {
  const guard = createOutputGuard({ language: "en" });
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let shown = "";
  let last = 0;
  for (const p of points) {
    shown += guard.push(text.slice(last, p));
    last = p;
  }
  shown += guard.push(text.slice(last));
  shown += guard.end();
  return { shown, blocked: guard.blocked };
}

const SAFE = "Here is a checklist for your visit. Bring your medicine list and your log. Write down your questions.";
const UNSAFE = "Take 2 tablets every 6 hours.";

describe("output guard", () => {
  it("passes safe text through unchanged, sentence by sentence", () => {
    const guard = createOutputGuard();
    expect(guard.push("Here is a checklist for your vis")).toBe("");
    expect(guard.push("it. Bring your ")).toBe("Here is a checklist for your visit. ");
    expect(guard.push("list.")).toBe("");
    expect(guard.end()).toBe("Bring your list.");
    expect(guard.blocked).toBeNull();
  });

  it("withholds the unsafe sentence and everything after it", () => {
    const guard = createOutputGuard();
    let shown = guard.push("Bring your log. ");
    shown += guard.push("It sounds like you have a sinus infection. ");
    shown += guard.push("More text after that.");
    shown += guard.end();
    expect(shown).toBe("Bring your log. ");
    expect(guard.blocked?.category).toBe("diagnose");
    expect(guard.blocked?.message).toMatch(/can't tell you/);
    expect(guard.push("anything")).toBe("");
  });

  it("never emits unsafe text, however the stream is cut (even mid-word)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), fc.constantFrom(UNSAFE, "You don't need to go to the ER.", "You can stop taking the antibiotic now.", "Increase your dose to 50 mg."), (cuts, bad) => {
        const text = `${SAFE} ${bad} ${SAFE}`;
        const { shown, blocked } = stream(text, cuts);
        expect(blocked).not.toBeNull();
        expect(shown).toBe(`${SAFE} `);
        expect(checkRefusal(shown, { direction: "output" }).refuse).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("catches an instruction split across a sentence end", () => {
    const { shown, blocked } = stream("Your plan is simple. Take 2. Tablets every 4 hours should help.", [3, 20, 27, 30]);
    expect(blocked).not.toBeNull();
    expect(shown).not.toMatch(/Tablets/);
  });

  it("blocks unsafe text that arrives at the very end without a full stop", () => {
    const guard = createOutputGuard();
    expect(guard.push("Some notes. Take 400 mg of ibuprofen")).toBe("Some notes. ");
    expect(guard.end()).toBe("");
    expect(guard.blocked?.category).toBe("dose");
  });

  it("blocks advice to skip emergency care and unsafe first aid, in Spanish too", () => {
    for (const bad of ["It's probably not an emergency, so you can wait until morning.", "Make him vomit right away.", "No necesita ir a urgencias."]) {
      const { blocked } = stream(`Okay. ${bad}`, [5]);
      expect(blocked?.category, bad).toBe("replace_emergency_care");
    }
  });

  it("streams standard first aid and the patient's own questions untouched", () => {
    const text =
      "Call Poison Help now. Do not make the person throw up unless the Poison Help expert tells you to.\n" +
      "- [ ] I take a blood thinner.\n- Is it safe for me to change or stop this medicine? If so, how?\n" +
      "No haga que vomite a menos que el experto se lo indique.";
    const { shown, blocked } = stream(text, [7, 40, 90, 130, 170]);
    expect(blocked).toBeNull();
    expect(shown).toBe(text);
  });

  it("keeps decimals and list items intact", () => {
    const text = "Your A1C was 6.5 %, keep the log.\n- Bring the meter\n- Bring the list";
    expect(stream(text, [14, 15, 16, 40]).shown).toBe(text);
  });

  it("stops a long run-on stream early when it is already unsafe", () => {
    const guard = createOutputGuard({ maxPending: 200 });
    guard.push("you should take ibuprofen " + "and ".repeat(100));
    expect(guard.blocked?.category).toBe("prescribe");
  });
  it("blocks hedged advice, in list items and table cells, in English and Spanish", () => {
    const cases: [string, string][] = [
      ["Here's what helps:\n- Walk daily\n- Honestly, you could probably stop the statin for a while\n", "instruct_stop_medication"],
      ["| Option | Note |\n|---|---|\n| Loratadine | This is the way to go for you, it lasts all day |\n", "prescribe"],
      ["Most folks find magnesium works best at 200–300 mg every night.", "dose"],
      ["From what you describe, this is most likely a pinched nerve in the neck.", "diagnose"],
      ["Since the office opens at 8, this can probably wait until then.", "replace_emergency_care"],
      ["Si te mareas con la pastilla, parte la pastilla a la mitad y listo.", "instruct_stop_medication"],
      ["Para el lunes, salta la dosis de la noche y sigue normal el martes.", "instruct_stop_medication"],
      ["No soy médico, pero lo más probable es que tengas una tendinitis en el hombro.", "diagnose"],
      ["Lo que te va a ayudar es un jarabe de miel con limón para la tos.", "prescribe"],
      ["Mejor quédate en casa esta noche; no hace falta ir a urgencias.", "replace_emergency_care"],
    ];
    for (const [text, category] of cases) expect(stream(text, [9, 33, 61]).blocked?.category, text).toBe(category);
  });

  it("shows quotes of the user's label, list and clinician, and the user's own questions", () => {
    const texts = [
      'Your bottle reads:\n\n> **NAPROXEN 500 MG**\n> Take 1 tablet twice daily with food.\n\nWant a reminder?',
      "What you entered for your dad:\n- Apixaban 5 mg twice daily\n- Furosemide 40 mg every morning\n",
      'Dr. Ames wrote: "Lower the prednisone to 10 mg for a week, then stop." I added it to your calendar.',
      "Questions for the pharmacist:\n- I take sertraline 50 mg. Can I take it with the new antibiotic?\n",
      "Tu receta dice: \"Tomar 1 cápsula cada 12 horas por 7 días.\" Ya lo anoté.",
      "Preguntas para tu cardióloga:\n1. ¿Puedo seguir con el bisoprolol de 5 mg antes de la cirugía?\n",
      "Según tu lista, tu mamá toma losartán 50 mg y metformina 850 mg.",
      "No puedo decirte si puedes dejar el antibiótico; eso lo decide tu médico.",
      "Ayer tomé el paracetamol de 500 mg a las 9, según tu diario.",
    ];
    for (const text of texts) {
      const { shown, blocked } = stream(text, [11, 40, 77]);
      expect(blocked, text).toBeNull();
      expect(shown).toBe(text);
    }
  });

  it("a suggestion phrased as a question, or a quote that closes, still blocks", () => {
    expect(stream("Why not just take two tablets of 200 mg tonight?", [10]).blocked?.category).toBe("dose");
    expect(stream('Your label says "Take 1 tablet daily." But you can skip it on weekends.', [20]).blocked?.category).toBe("instruct_stop_medication");
  });

  it("round 4: picks, halving and doses the rules missed block; navigation next to them streams", () => {
    const unsafe: [string, string][] = [
      ["Honestly, your best bet is a saline spray for the stuffiness.", "prescribe"],
      ["Pick up the 1% tube at the pharmacy tonight.", "prescribe"],
      ["To-do:\n- Cut your sertraline tablets in half\n", "instruct_stop_medication"],
      ["Le sugeriría aumentar la insulina glargina a 22 unidades esta noche.", "dose"],
      ["Para su peso, dale 5 ml de ibuprofeno infantil cada 8 horas.", "dose"],
    ];
    for (const [text, category] of unsafe) expect(stream(text, [7, 30]).blocked?.category, text).toBe(category);
    const safe = [
      "Your best bet is to call the office in the morning and ask the nurse.",
      "Esto le va a servir mucho al neurólogo.",
      "Lo más probable es que en la farmacia te puedan dar el genérico con la misma receta.",
      "Llama primero, todo lo demás puede esperar.",
      "Un dolor así es una señal de alarma. Llama al 131 o pide que te lleven a urgencias ahora mismo.",
      "Por favor no le cambies la dosis; llama al consultorio pronto, no tienes que esperar a la cita.",
    ];
    for (const text of safe) expect(stream(text, [7, 30]).blocked, text).toBeNull();
  });
});
