/**
 * Suicide said indirectly (safety.md §1: "plans, means, goodbyes"): slang and euphemisms, farewells,
 * giving things away, a high place or a running engine in a closed garage. Slang and strong farewells
 * are a crisis on their own (988); softer signs count only next to another one. Being on a roof, ledge
 * or bridge with despair, or in a car in a closed garage with the engine running, is an attempt under
 * way (911).
 */
import type { CueSpec, RuleSpec } from "./types";

const SELF = "(myself|my self|meself|himself|herself|themselves|themself)";
/** Who says it: first person, typed the way people type. */
const I = "(i|i'm|im|i'll|ill|i've|imma|ima|i am|i will|gonna|wanna|finna|tryna)";
/** "5 kms", "a few kms": the unit, not "kill myself". */
const NOT_A_DISTANCE =
  "(?<!(\\d|\\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|thousand|few|many|several|more|less|extra|of|the|those|these|my|dos|tres|cuatro|cinco|diez|cien|mil|unos|muchos|pocos|varios|mas|menos|los|mis))[^a-z0-9]{0,2})";
/** Up to `n` words after one of `context`, as a lookbehind: the rare slang word stays the anchor. */
const after = (context: string, n: number): string =>
  `(?<=(?<![a-z0-9'])${context}([^a-z0-9'.!?\\n]{1,3}[a-z0-9']+){0,${n}}[^a-z0-9'.!?\\n]{1,3})`;
const HIGH_PLACE =
  "(roof|rooftop|ledge|edge|bridge|overpass|railing|cliff|tracks|train tracks|top floor|balcony railing|parking garage)";
const GARAGE_ES = "(cochera|garaje|garage)";
/** Hand-me-downs are not a farewell: "gave my old crutches to", "regalé mis cosas de bebé". */
const OUTGROWN = "(old|used|spare|extra|baby|babies|kids|kids'|son's|daughter's|outgrown|leftover|unused)";
const NOT_OUTGROWN = `(?! ${OUTGROWN}(?![a-z]))`;
const OUTGROWN_ES = "(de (bebe|nino|nina|ninos|ninas|mi (hijo|hija|bebe))|del bebe|viej|usad|que ya no (uso|me quedan))";
const NOT_OUTGROWN_ES = `(?! ${OUTGROWN_ES})`;

export const SUICIDE_INDIRECT_CUES: readonly CueSpec[] = [
  {
    // Slang and euphemisms that mean "kill myself" (a crisis on their own).
    name: "suicide_indirect",
    en: [
      `${NOT_A_DISTANCE}kms(?! (away|from|to|of|per|an hour|a day|east|west|north|south|long|further|left|total|each)(?![a-z]))`,
      `kys ${SELF}`,
      `${after(I, 2)}kys`,
      "kys (tonight|today|now|soon|rn)",
      `unaliv~ ${SELF}`,
      "unalive me",
      `${after(`(${I}|want|going|planning|plan|ready|trying|try|thinking|think|thoughts|urges?|about)`, 3)}unaliv~`,
      "sewer[ -]?slid(e|es|ing)",
      `${after(`(${I}|to|on|finally)`, 2)}ctb`,
      "ctb (tonight|today|now|soon|this week|date|method)",
      "(want|wanna|ready|going|gonna|about|plan~|decided) to end (things|everything|it all|my suffering)(?! (with|between|on|for|at)(?![a-z]))",
      "(won't|will not|wont|not gonna|not going to|might not|may not|never going to) be (here|around|alive) {g2}(after (tonight|today|this weekend)|by (tomorrow|morning|tonight|the weekend)|much longer|anymore|any more|tomorrow|for long|next (week|month))",
      "(this is|it's|this will be) my last (message|text|post|night alive|words)(?! (about|on|for|regarding|today|of the day|this (week|month)|until|till)(?![a-z]))",
      "(you'll|you will|no one will|nobody will|you) never (hear from|see) me again",
      "(won't|will not) (wake|be waking) up tomorrow",
    ],
    es: [
      "ya no (quiero|puedo) seguir(?! (con|el|la|los|las|lo|tomando|pagando|yendo|usando|trabajando|esperando|estudiando|haciendo|viendo|siendo|en (el|la|este|esta|ese|esa)|este|esta|ese|esa)(?![a-z]))",
      "(ya no|no) (voy a estar|estare) (aqui |viv[oa] )?(manana|mucho tiempo|por mucho tiempo)",
      "(quiero|voy a) irme (de este mundo|para siempre)",
      "(este es|es) mi ultimo mensaje",
      "nunca (mas )?(me )?(van|vas) a volver a (ver|saber de mi)",
      "voy a acabar con todo(?! (el|lo|la|los|las|esto|eso)(?![a-z]))",
    ],
  },
  {
    // A goodbye that is a crisis on its own.
    name: "farewell",
    en: [
      "(goodbye|good bye|farewell) (everyone|everybody|all|y'all|world|cruel world|forever|for good|for the last time|to (everyone|everybody|you all|all of you|the world))",
      "bye (forever|world|cruel world|for good)",
      "(last|final) (goodbye|farewell)s?",
      "(saying|say|said) (my )?goodbyes? (to (everyone|everybody|you all|all of you|my family|my kids|the world)|before i go|for the last time)",
    ],
    es: [
      "(me despido|nos despedimos) (de todos|de todo el mundo|para siempre|de ustedes|del mundo)",
      "adios (a todos|para siempre|mundo|mundo cruel|a todo el mundo)",
      "(ultima|ultimo) (despedida|adios)",
    ],
  },
  {
    // Softer goodbye signs (two kinds, so that one of each counts): next to each other, despair, a
    // farewell or things given away.
    name: "farewell_love",
    en: ["tell (my|him|her|them) {g2}(i|that i) (love|loved) (her|him|them|you)", "love you all", "(goodbye|bye) (everyone|everybody|guys|y'all)"],
    es: ["(diganle|dile|digale|diles|diganles) a (mi|mis) {g2}que (la|lo|los|las) (quiero|amo|quise)", "(los|las) (quiero|amo) a todos"],
  },
  {
    name: "farewell_amends",
    en: [
      "(i'm sorry|i am sorry|sorry|forgive me) for everything",
      "please forgive me",
      "take care of (my|the) (kids|children|dog|cat|babies|family|pets?) (for me|when i'm gone)",
    ],
    es: ["(perdonenme|perdoname|perdon) por todo", "cuiden (a|de) (mis|mi) (hijos|hija|hijo|perro|gato|familia)"],
  },
  {
    name: "giving_away_all",
    en: [
      "(gave|given|giving|give) away (all )?(of )?(my|all my|most of my) (stuff|things|belongings|possessions|valuables|pets|savings)",
      "(gave|given|giving) away everything",
      "(gave|given|giving) (all|most) (of )?my (stuff|things|belongings|possessions) (away|to)",
    ],
    es: [
      `(regale|regalando|regalo|estoy regalando|reparti|repartiendo|di|deje) (todas )?(mis|todas mis|todo lo que tengo) (cosas|pertenencias|posesiones|objetos)(?! ${OUTGROWN_ES})`,
      "(regale|reparti|regalando|repartiendo) todo",
    ],
  },
  {
    // "gave my dog to my sister": alone a kindness, next to "won't need them" a warning sign.
    name: "giving_away",
    en: [`(gave|given|giving|handed|left) (away )?(my|all my|all of my)${NOT_OUTGROWN} {g2}(to|away)`],
    es: [`(regale|di|deje|regalando|dando|reparti) (a )?(mi|mis)${NOT_OUTGROWN_ES} {g2}a (mi|mis|su|sus|[a-z]+)`],
  },
  {
    name: "wont_need",
    en: [
      "(?<!\\b(he|she|they|son|daughter|kids|baby|it|we|you|child|mom|dad|husband|wife|[a-z]+'s) )(won't|will not|wont|not gonna|not going to) (need|be needing|be using) (them|it|those|these|any of (it|this|them|those)|my \\w+)( anymore| any more| again| where i'm going)?(?! (anymore |any more |again )?(until|till|for|because|since|if|after|before|when|unless|once|now that|right now|today|this week)(?![a-z]))",
    ],
    es: ["ya no (lo|la|los|las) (voy a necesitar|necesitare|voy a usar)", "no (lo|la|los|las) voy a necesitar (mas|nunca)"],
  },
  {
    // Where someone stands when jumping is close: counts with despair or suicidal words (911).
    name: "high_place",
    en: [
      `(standing|sitting|stood|sat|up|out|i'm|i am|im|currently|now) on (the|a|top of (the|a|my|this)) ${HIGH_PLACE}(?! of (my|his|her|your|the) (seat|bed|chair|couch))`,
      `(?<=(^|[.!?\\n]) ?)(on|at) (the|a|top of (the|a|my|this)) ${HIGH_PLACE}(?! of (my|his|her|your|the) (seat|bed|chair|couch))`,
      `(here|already|just|still|alone|out here|up here) on (the|a|top of (the|a|my|this)) ${HIGH_PLACE}`,
      "(on|at) the (edge|ledge) of (the |a |my )?(roof|bridge|building|cliff|balcony|platform|parking garage)",
      "(climbed|climbing) (over|onto|up on) (the|a) (railing|ledge|fence|barrier|roof)",
    ],
    es: [
      "(estoy|esta|parado|parada|sentado|sentada|subido|subida|arriba) (en|sobre) (el|la|un|una) (puente|azotea|orilla|borde|techo|cornisa|barandal|vias|via del tren)",
      "(en|al) (el )?borde (del|de la) (puente|azotea|edificio|techo|barranco)",
    ],
  },
  {
    // A plan in words: never an emergency alone here, but it rules out an explicit denial (./denial).
    name: "suicide_plan",
    en: [
      "(have|made|got|make|making|wrote|written|writing) (a|the|my) (plan|note|letter) (to|for (how|when|tonight|it|my death))",
      "(picked|chose|chosen|set) (a|the) (date|day|time) (to (do it|die|end it)|for (it|my death))",
      "(know|decided|figured out) (how|when) (i'll|i will|i'm going to|to) (do it|die|end it)",
    ],
    es: [
      "(tengo|hice) (un|el|mi) plan (para|de) (matarme|suicidarme|morir|hacerlo|quitarme la vida)",
      "ya (se|decidi) (como|cuando) (lo voy a hacer|hacerlo|morir|matarme)",
    ],
  },
  {
    // A running engine in a closed garage, or a hose from the exhaust: carbon monoxide, under way.
    name: "car_exhaust",
    en: [
      "garage {g6}(engine|motor|car) (is |was |still )?(running|on|idling|going)",
      "(engine|motor|car) (is |was |still )?(running|on|idling) {g4}(in|inside) (the|my|our|a) (closed |shut |locked )?garage",
      "(running|started|turned on|left) (the|my) (car|engine) {g4}(in|inside) (the|my|our) (closed |shut )?garage",
      "(hose|tube|pipe) {g4}(exhaust|tailpipe|tail pipe)",
    ],
    es: [
      `${GARAGE_ES} {g6}(motor|carro|coche|auto) (esta |sigue )?(encendido|prendido|andando|en marcha|corriendo)`,
      `(motor|carro|coche|auto) (encendido|prendido|en marcha|andando) {g4}(en|dentro de) (la|el|mi) ${GARAGE_ES}`,
      "manguera {g4}(escape|mofle)",
    ],
  },
];

export const SUICIDE_INDIRECT_RULES: readonly RuleSpec[] = [
  { id: "suicide.slang", family: "suicide", action: "988", all: [["suicide_indirect"]] },
  { id: "suicide.farewell", family: "suicide", action: "988", all: [["farewell", "giving_away_all"]] },
  {
    id: "suicide.farewell_signs",
    family: "suicide",
    action: "988",
    all: [["farewell_love", "farewell_amends", "giving_away"], ["farewell", "despair", "wont_need", "giving_away_all", "suicide_indirect"]],
    window: 300,
  },
  { id: "suicide.love_and_amends", family: "suicide", action: "988", all: [["farewell_love"], ["farewell_amends"]], window: 300 },
  { id: "suicide.giving_away_wont_need", family: "suicide", action: "988", all: [["giving_away"], ["wont_need", "farewell_love", "farewell_amends"]], window: 250 },
  {
    id: "suicide.high_place",
    family: "suicide",
    action: "911",
    all: [["despair", "suicidal", "suicide_indirect", "farewell", "farewell_love", "farewell_amends"], ["high_place"]],
    window: 300,
    priority: 3,
  },
  { id: "suicide.car_exhaust", family: "suicide", action: "911", all: [["car_exhaust"]], priority: 3 },
];
