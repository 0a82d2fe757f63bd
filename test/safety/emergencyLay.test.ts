/**
 * How people actually write emergencies: slang, euphemisms, farewells, split words, pasted markup,
 * "jk", hypotheticals about right now, lay metaphors, and the explicit denial of safety.md §1a.
 * Example sentences are our own (the writers' corpora stay sealed).
 */
import { describe, expect, it } from "vitest";
import { detectEmergency, NO_EMERGENCY, normalizeText } from "../../src/engine/safety/index";

type Expect = [text: string, family: string, action: "911" | "988" | "poison"];

const expectEach = (cases: Expect[]): void => {
  it.each(cases)("%s → %s / %s", (text, family, action) => {
    const d = detectEmergency(text);
    expect(d.emergency, d.rule ?? "no rule").toBe(true);
    expect(d.family).toBe(family);
    expect(d.action).toBe(action);
    expect(d.denial).toBe(false);
  });
};

const expectNone = (texts: string[]): void => {
  it.each(texts)("not an emergency: %s", (text) => {
    const d = detectEmergency(text);
    expect(d.emergency, d.rule ?? "").toBe(false);
  });
};

describe("suicide slang and euphemisms", () => {
  expectEach([
    ["honestly i just wanna kms", "suicide", "988"],
    ["im gonna kms tonight fr", "suicide", "988"],
    ["might kys myself tbh", "suicide", "988"],
    ["been wanting to unalive myself for days", "suicide", "988"],
    ["thinking about unaliving again", "suicide", "988"],
    ["the sewer slide thoughts are loud tonight", "suicide", "988"],
    ["i've decided to ctb this weekend", "suicide", "988"],
    ["I won't be around after tonight", "suicide", "988"],
    ["not gonna be here by morning", "suicide", "988"],
    ["Ya no quiero seguir.", "suicide", "988"],
    ["Me quiero ir para siempre de este mundo", "suicide", "988"],
  ]);
  expectNone([
    "I walked 3 kms today and my ankle is sore, what should I ask the physio?",
    "The clinic is about 15 kms away; how do I get a ride?",
    "I need to catch the bus to my appointment tonight",
    "I want to end things with my current therapist and find a new one",
    "Ya no quiero seguir con este seguro, ¿cuál me recomiendas?",
    "Ya no quiero seguir tomando esta pastilla porque me da náuseas",
    "I won't be here anymore after I move to Ohio; who's a good doctor there?",
    "This is my last message about the bill, thanks",
    "Voy a acabar con todo el papeleo hoy",
    "caminé muchos kms hoy y me duele la rodilla",
  ]);
});

describe("farewells and giving things away", () => {
  expectEach([
    ["tell my mom I love her, goodbye everyone", "suicide", "988"],
    ["I'm sorry for everything. Tell my brother I love him.", "suicide", "988"],
    ["this is my last message, goodbye world", "suicide", "988"],
    ["gave my dog to my sister and my guitar to jake, won't need them", "suicide", "988"],
    ["I've been giving away all my things this week", "suicide", "988"],
    ["Me despido de todos, gracias por todo", "suicide", "988"],
    ["Díganle a mi papá que lo quiero. Adiós a todos.", "suicide", "988"],
    ["Regalé mis cosas esta semana", "suicide", "988"],
    ["Le di mi gato a mi vecina, ya no lo voy a necesitar", "suicide", "988"],
  ]);
  expectNone([
    "Thanks for the help, bye!",
    "Me despido, gracias por la ayuda con la cita",
    "I gave my old crutches to my neighbor since I won't need them after physical therapy",
    "I gave my insurance card to the receptionist",
    "My son won't need them anymore, so I gave his baby clothes to my sister",
    "Regalé mis cosas de bebé a mi hermana porque ya no las voy a necesitar",
    "I'm sorry for everything I forgot to tell my doctor yesterday",
    "I won't be here tomorrow for my appointment, can you help me reschedule?",
    "No voy a estar mañana para la cita, ¿la puedo reprogramar?",
  ]);
});

describe("an attempt under way: a high place with despair, a running engine in a closed garage", () => {
  expectEach([
    ["I'm standing on the roof and I don't want to do this anymore", "suicide", "911"],
    ["on the bridge. i don't want to do this anymore", "suicide", "911"],
    ["I'm on the ledge of my building and I want to end things", "suicide", "911"],
    ["sitting in my car in the garage with the engine running", "suicide", "911"],
    ["the engine is running in the closed garage and I'm in the car", "suicide", "911"],
    ["Estoy en la azotea y ya no quiero seguir", "suicide", "911"],
    ["Estoy parado en el borde del puente, quiero que todo se acabe", "suicide", "911"],
    ["Estoy en el carro dentro de la cochera con el motor encendido", "suicide", "911"],
  ]);
  expectNone([
    "I'm standing on the roof cleaning the gutters; what gloves protect against cuts?",
    "I'm on the edge of my seat waiting for my biopsy results",
    "I'm done with my paperwork, what's next for the claim?",
  ]);
});

describe("words spaced or split", () => {
  it.each([
    ["sui cide", "suicide"],
    ["sui-cide", "suicide"],
    ["su icidio", "suicidio"],
    ["sei zure", "seizure"],
    ["over dose", "over dose"],
    ["una live", "una live"],
    ["un responsive", "un responsive"],
  ])("normalizes %s → %s", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  expectEach([
    ["I keep thinking about sui cide", "suicide", "988"],
    ["s u i c i d e is all I think about", "suicide", "988"],
    ["I want to kill my self", "suicide", "988"],
    ["I have chest   pain right now", "cardiac", "911"],
    ["I think I'm having a heart\nattack", "cardiac", "911"],
    ["my chest\npain is crushing", "cardiac", "911"],
    // A space inside a pattern's character class ("self[- ]?harm") is a literal space.
    ["I've been self harming again", "suicide", "988"],
    ["he is bleeding non stop from the cut", "bleeding", "911"],
  ]);
  expectNone(["Scans done: head, chest\n- Pain clinic referral pending", "Please send over the dose schedule for my son"]);
});

describe("pasted CSS and HTML never negate a symptom", () => {
  expectEach([
    ["display:none} my chest is crushing", "cardiac", "911"],
    ["display: none my chest is crushing", "cardiac", "911"],
    ['<div style="border: none">my chest is crushing</div>', "cardiac", "911"],
    ["<span hidden></span> crushing chest pain", "cardiac", "911"],
    ["none; I have crushing chest pain", "cardiac", "911"],
  ]);
  expectNone(["Chest pain: none. Shortness of breath: none.", '<p style="display:none">x</p> No chest pain today, I just need a refill']);
});

describe("a retraction does not silence a flag", () => {
  expectEach([
    ["I want to kill myself lol jk", "suicide", "988"],
    ["i want to die jk", "suicide", "988"],
    ["I want to die. just kidding", "suicide", "988"],
    ["Me quiero morir, es broma", "suicide", "988"],
    ["crushing chest pain right now lol jk", "cardiac", "911"],
  ]);
});

describe("hypothetical framing of something happening now", () => {
  expectEach([
    ["hypothetically, if someone like me, right now, had crushing chest pain", "cardiac", "911"],
    ["asking for a friend who is having chest pain right now", "cardiac", "911"],
    ["what if, hypothetically, my throat is swelling shut at the moment", "airway", "911"],
    ["Hipotéticamente, si ahora mismo tuviera un dolor de pecho muy fuerte", "cardiac", "911"],
  ]);
  expectNone([
    "Hypothetically, what would happen if someone had crushing chest pain?",
    "We're currently learning what to do if someone has chest pain",
    "Asking for a friend: what are the signs of a stroke?",
  ]);
});

describe("metaphors and lay descriptions", () => {
  expectEach([
    ["feels like an elephant is sitting on my chest", "cardiac", "911"],
    ["like a ton of bricks is on my chest", "cardiac", "911"],
    ["it feels like someone is standing on my chest", "cardiac", "911"],
    ["there's a tight band around my chest and I'm sweating", "cardiac", "911"],
    ["Siento como si un elefante estuviera sobre mi pecho", "cardiac", "911"],
    ["my defibrillator shocked me three times in ten minutes", "cardiac", "911"],
    ["my ICD fired twice in the last hour", "cardiac", "911"],
    ["El desfibrilador me dio tres descargas", "cardiac", "911"],
    ["had my baby 5 days ago and I'm soaking a pad every hour with clots", "pregnancy", "911"],
    ["delivered my daughter last week and I'm passing golf ball sized clots", "pregnancy", "911"],
    ["Tuve a mi bebé hace 10 días y estoy empapando una toalla cada hora", "pregnancy", "911"],
  ]);
  expectNone([
    "my baby fell asleep on my chest",
    "the heart monitor strap around my chest is itchy",
    "My ICD shocked me once last year; how do I ask about a battery check?",
    "My defibrillator was checked, no shocks in 6 months",
    "The ICD-10 code for my shock diagnosis was wrong on the bill",
    "I had my baby 3 weeks ago and want to know about postpartum checkups",
  ]);
});

describe("explicit denial (safety.md §1a)", () => {
  it.each([
    "I'm not thinking about hurting myself, I need a therapist in my network",
    "I'm not suicidal, just need help finding a counselor",
    "I don't have any suicidal thoughts, I need a psychiatrist for my ADHD refill",
    "no estoy pensando en hacerme daño, solo necesito un psicólogo",
    "No soy suicida, busco una terapeuta que acepte mi seguro",
  ])("no emergency, denial recognized: %s", (text) => {
    const d = detectEmergency(text);
    expect(d.emergency).toBe(false);
    expect(d.action).toBeNull();
    expect(d.denial).toBe(true);
  });

  it("a bare denial with nothing else stays conservative (988)", () => {
    const d = detectEmergency("I'm not suicidal");
    expect(d.action).toBe("988");
    expect(d.denial).toBe(false);
  });

  expectEach([
    ["I'm not suicidal, I need a therapist, but I have my pills saved up", "suicide", "911"],
    ["I'm not suicidal, I need a therapist. Goodbye everyone", "suicide", "988"],
    ["I'm not suicidal lol jk, need a therapist", "suicide", "988"],
    ["I'm not suicidal but I want to die, can you find me a therapist", "suicide", "988"],
    ["I'm not suicidal, I need a therapist, I already wrote my note to say goodbye", "suicide", "988"],
    ["I'm not suicidal, I need a therapist, I'm standing on the bridge", "suicide", "911"],
    ["I'm not suicidal, just need a counselor, and my chest hurts right now", "cardiac", "911"],
    ["He's not suicidal, he needs a therapist", "suicide", "988"],
    ["I'm not suicidal yet, I need a therapist", "suicide", "988"],
    ["No estoy pensando en hacerme daño, necesito un psicólogo, es broma", "suicide", "988"],
  ]);

  it("NO_EMERGENCY carries denial: false", () => {
    expect(NO_EMERGENCY.denial).toBe(false);
    expect(detectEmergency("what should I bring to my visit?").denial).toBe(false);
  });
});

describe("training, role-play and story framing", () => {
  expectNone([
    "Quiz question from my babysitting course: a toddler is choking on a grape and can't cry. What comes first?",
    "My lifeguard recert scenario is a swimmer pulled out of the pool, not breathing. Do I start with rescue breaths?",
    "Let's role play: you're the dispatcher and I'm calling because my neighbor is unconscious.",
    "Pretend you're an ER nurse and I'm a patient with crushing chest pain, I want to rehearse my English.",
    "In the radio drama we're recording, the grandfather clutches his chest and collapses.",
    "Writing a thriller where the detective is poisoned with cyanide: how fast would it act?",
    "Mi hijo es un personaje secundario en la obra de teatro del colegio y tiene que hacer como que le da un infarto.",
    "Nos pusieron este caso en el taller de la Cruz Roja: una mujer se atraganta y no puede toser. ¿Qué se hace primero?",
    "Para mi cuento: el abuelo se desmaya en la cocina y no responde. ¿Cómo reaccionaría la nieta?",
  ]);
  expectEach([
    ["Practice scenario night at CPR class, but right now the instructor collapsed and isn't breathing", "breathing", "911"],
    ["This is not a scenario, my dad collapsed and isn't breathing", "breathing", "911"],
    ["Worst case scenario I'm having a heart attack, crushing chest pain going down my left arm", "cardiac", "911"],
  ]);
});

describe("history told once for the whole sentence, and resolved now", () => {
  expectNone([
    "Twenty years ago, after my divorce, I swallowed a bottle of pills. I'm well now and want to tell my new GP.",
    "As a teenager I overdosed on ibuprofen, my stomach is fine now. Does it belong on my intake form?",
    "When I was 16 I tried to kill myself. I'm 40 now; does the new psychiatrist need to know?",
    "I had a placental abruption with my first and needed a transfusion. What should I ask my OB this time?",
    "De adolescente me dio una reacción al ibuprofeno, se me hinchó la lengua. ¿Dónde lo anoto en mi perfil?",
    "Hace 5 años mi papá se cayó del techo y se rompió la pierna con el hueso afuera, ahora quiere saber de fisioterapia.",
  ]);
  expectEach([
    ["Years ago I had a heart attack, and I'm having the same crushing chest pain going down my arm", "cardiac", "911"],
    ["I overdosed years ago, but I just swallowed a whole bottle of pills again", "overdose", "poison"],
  ]);
});

describe("bills for a past visit, education and idioms", () => {
  expectNone([
    "There's a charge from the ambulance company on my statement; my husband was unconscious that night in May.",
    "Got the bill for the ER visit last month when my son swallowed a magnet. Why is it so high?",
    "I'd like to understand what a seizure means for my nephew, he has epilepsy and I babysit him.",
    "How does heat stroke happen and what should we pack for the hike?",
    "¿Qué se debe hacer si a alguien le da un infarto en la calle? Quiero estar preparado.",
    "This prior auth portal makes me want to die, can you draft the appeal letter?",
    "I'm drowning in insurance forms this week, which one needs the doctor's signature?",
    "The clinic app keeps choking on my insurance card photo.",
    "Me quiero morir de la pena, llegué tarde a la cita del dentista. ¿La puedo cambiar?",
    "Me corté el dedo pelando papas, ya no sangra. ¿Necesito la vacuna del tétano?",
  ]);
  expectEach([
    ["Question about my bill, but right now my chest is crushing and my left arm is numb", "cardiac", "911"],
    ["Mi esposo se cortó el dedo con la sierra y sigue saliendo la sangre a chorro", "bleeding", "911"],
  ]);
});

describe("explicit denials without a subject, and 'no se' that is not 'I don't know'", () => {
  it.each([
    "not suicidal or anything, I just need a psychiatrist who takes my plan",
    "no i'm not gonna unalive myself, i just need a refill on my meds",
    "I'm safe and have no plans to hurt myself; my therapist wants me to log my mood.",
    "No pienso en quitarme la vida, solo necesito una psicóloga que acepte mi seguro.",
  ])("denial with a request: %s", (text) => {
    const d = detectEmergency(text);
    expect(d.emergency, d.rule ?? "").toBe(false);
    expect(d.denial).toBe(true);
  });
  expectNone([
    "Por suerte no se tragó ninguna pila, ya las conté todas, ¿dónde guardo el control remoto?",
    "Mi papá no tiene la boca torcida ni se le traba la lengua, solo quiero preguntas para el neurólogo.",
  ]);
  expectEach([
    ["not suicidal, just need a therapist, but I have the pills in my hand right now", "suicide", "911"],
    ["No sé si se tragó las pastillas de la abuela, no despierta", "overdose", "911"],
  ]);
});
