/** Heart, stroke, seizure, unresponsiveness and head injury: cues and rules (EN + ES). */
import { P } from "./shared";
import type { CueSpec, RuleSpec } from "./types";

const PAIN = "(pain~|hurt~|pressure|tight~|squeez~|crush~|heav~|ache~|aching|discomfort|agony|stabbing)";
const CHEST_ES = "(pecho|torax)";
const LIMB = "(arm|leg|hand|side|foot)";
/** An implanted defibrillator (not the ICD-10 code). */
const ICD = "(defibrillator|defib|aicd|icd(?!-?(9|10|11)(?![0-9])))";
const SHOCK_COUNT = "(2|3|4|5|6|7|8|9|10|two|three|four|five|six|several|multiple|repeated|many|a few|a couple of)";
/** More than one shock ("again" is left out: it also means "once more, weeks ago"). */
const REPEATED = `(${SHOCK_COUNT} (times|shocks|zaps)|\\d+ times|twice|repeatedly|over and over|back to back|more than once|in a row)`;

export const CARDIO_NEURO_CUES: readonly CueSpec[] = [
  // ---------- cardiac ----------
  {
    name: "chest_pain",
    en: [
      `chest {g}${PAIN}`,
      `(pain~|pressure|tightness|crushing|squeezing|heaviness|discomfort|ache|aching|weight|stabbing) {g4}(in|on|across|around|behind) (the (middle|center|centre|left side|front) of )?${P} (chest|sternum|breastbone)`,
      "chest {g5}(elephant|vise|vice|brick~|anvil|truck|sitting on (it|me)|in a fist)",
      `(clutch~|grabb~|holding|gripping) ${P} chest`,
      "crushing {g}(chest|feeling in)",
      `elephant (sitting |standing )?on ${P} chest`,
      // Lay pictures of crushing pressure: "an elephant is sitting on my chest", "a band around my chest".
      `(elephant|truck|anvil|bricks?|ton of bricks|boulder|piano|cinder ?block|heavy weight) {g4}(on|against|crushing|squeezing|pressing (on|down on)?) ${P} chest`,
      `(someone|somebody|something) {g3}(sitting|standing|kneeling|stepping|pressing|pushing|sat|stood) (on|down on|against) ${P} chest`,
      `(band|belt|strap|vise|vice|fist|rope) {g3}(squeez~|tighten~|crushing|gripping|clamp~) ${P} chest`,
      `(tight|iron|steel|metal) (band|belt|strap) (around|across) ${P} chest`,
      `(squeez~|crush~|tighten~|gripping|clamp~) ${P} chest {g3}(vise|vice|fist|band|belt)`,
      "heart (hurts|is hurting|pain)",
      "cp (now|right now|radiating)",
    ],
    es: [
      `dolor~ {g}(de|en|del) ${P}? ?${CHEST_ES}`,
      `(presion|opresion|peso|apreton) {g}(en|del) ${P}? ?${CHEST_ES}`,
      `duele {g}${P}? ?${CHEST_ES}`,
      `${CHEST_ES} {g}(apretado|oprimido|me duele|le duele|duele|dolor|me aprieta|le aprieta|aplastado)`,
      "aprietan el pecho",
      `(elefante|piedra|loza|losa|camion|yunque|ladrillo~) {g4}(en|sobre|encima de) ${P}? ?${CHEST_ES}`,
      `(aplasta~|apreta~|exprimi~) {g2}${P}? ?${CHEST_ES}`,
    ],
  },
  {
    name: "heart_attack_now",
    en: [
      "having (a|an|another) (heart attack|cardiac arrest|mi)",
      "(it's|it is|this is|is this) (a|another) heart attack",
      "heart attack (right )?now",
    ],
    es: [
      "(esta dando|esta teniendo|da|dando) (un )?(infarto|ataque al corazon|ataque cardiaco)",
      "(es|sea) un (infarto|ataque al corazon)",
      "infartando",
      "infarto (ahora|ahorita)",
    ],
  },
  {
    name: "cardiac_arrest",
    en: [
      "no pulse",
      "can't find (a|his|her|their) pulse",
      "heart (has )?stopped(?! (when|as|after|for a second))",
      "(doing|started|giving|start) cpr",
      "(?<=in )cardiac arrest",
      "aed",
    ],
    es: ["no tiene pulso", "no le encuentro (el )?pulso", "le estoy dando rcp", "dando rcp", "paro cardiaco", "se le paro el corazon"],
  },
  {
    name: "radiation",
    en: [
      `(goes|going|spread~|radiat~|shoot~|moving|travel~|runs|running|extends|down|up) {g}(to|into|down|up|through) ${P} (left )?(arm|jaw|neck|back|shoulder)`,
      `left (arm|shoulder) {g}${PAIN}`,
      "left (arm|shoulder) {g}(numb~|tingl~|heavy|weak)",
      "jaw {g}(pain|hurt~|ach~|tight~)",
    ],
    es: [
      "(se me va|se le va|baja|bajando|se extiende|se corre|corre|irradia~|pasa) {g}(al|hacia el|por el|a la|hasta el|a mi|a su) (brazo|cuello|mandibula|quijada|espalda|hombro)",
      "brazo izquierdo {g}(dormido|adormecido|entumid~|duele|dolor|pesado)",
    ],
  },
  {
    // An implanted defibrillator firing more than once: a shock storm or a rhythm it keeps fighting.
    name: "icd_repeated_shocks",
    en: [
      `${ICD} (has |had |just |already |keeps |kept |has been |was |is )?(shock~|zapp~|fir~|went off|going off|goes off|jolt~|discharg~) {g2}${REPEATED}`,
      `${SHOCK_COUNT} (shocks|zaps) {g4}(defibrillator|defib|aicd|icd)`,
      `(shocked|zapped) {g2}${REPEATED} {g4}(defibrillator|defib|aicd|icd)`,
    ],
    es: [
      "(desfibrilador|dai|cardiodesfibrilador) {g2}(me |le )?(dio|ha dado|descarg~|disparo|disparado) {g2}(\\d+|dos|tres|cuatro|cinco|varias|muchas) (veces|descargas)",
      "(2|3|4|5|6|7|8|9|10|dos|tres|cuatro|varias|muchas) descargas {g4}(desfibrilador|dai|cardiodesfibrilador)",
    ],
  },
  // ---------- stroke ----------
  {
    name: "face_droop",
    en: [
      "face {g}(droop~|drop~|sag~|crooked|uneven|lopsided|slanted|paraly~|went slack|slack|twisted|numb|fell|falling|pulling to one side)",
      "one side of (my|his|her|their|the) (face|mouth|smile) {g}(droop~|drop~|sag~|numb|paraly~|slack|down|not moving|won't move)",
      "(droop~|droopy|saggy|sagging|crooked|lopsided|uneven) (face|smile|mouth|lip)",
      "smile {g}(crooked|uneven|lopsided|droop~|one sided|one-sided)",
      "mouth {g}(droop~|crooked|pulled to one side|sagging)",
    ],
    es: [
      "cara {g}(caida|torcida|chueca|ladeada|paralizada|dormida|desviada|colgada|adormecida)",
      "cayo {g}(la|su|mi) cara",
      "cayendo {g}(la|su|mi) cara",
      "(boca|sonrisa) {g}(torcida|chueca|de lado|caida|ladeada|desviada)",
      "un lado de (la|su|mi) cara",
    ],
  },
  {
    name: "one_side_weakness",
    en: [
      `can't (lift|raise|move|feel|use|hold up) ${P} (right |left )?${LIMB}`,
      `cannot (lift|raise|move|feel|use) ${P} (right |left )?${LIMB}`,
      `(right|left|one) side {g}(weak|numb~|paraly~|won't move|not moving|dead|limp|gave out)`,
      "(weak~|numb~|paraly~|limp) (on|in|down) (one|the (right|left)|his (right|left)|her (right|left)|my (right|left)) side",
      `(right|left) ${LIMB} {g}(went|is|feels|has gone|suddenly)? ?(weak|limp|dead|numb|paraly~|useless|won't move)`,
      `${LIMB} (suddenly|all of a sudden) {g}(weak|limp|numb|dead|gave out)`,
      "(arm|leg) (just )?gave out",
      "half (of )?(his|her|my) body",
    ],
    es: [
      "no (puede|puedo) (levantar|mover|sentir|alzar) (el|su|mi) (brazo|pierna|mano|lado)",
      "(brazo|pierna|mano|lado) (derech~|izquierd~)? ?{g}(dormid~|debil|paralizad~|sin fuerza|no (lo|la) (puede|puedo) mover|muert~)",
      "medio cuerpo (dormido|paralizado|sin fuerza)",
      "un lado del cuerpo",
    ],
  },
  {
    name: "speech",
    en: [
      "slurr~",
      "speech {g}(slurred|garbled|weird|strange|funny|off|jumbled|nonsense|confused|thick|gone)",
      "can't (talk|speak)(?! ?(to|with|about|right now|now|on|at|until|today|english|spanish|much|long|for|in|over|louder|loud))",
      "(can't|cannot) (get|find|form) (the|my|his|her|any|their)? ?words( out)?",
      "words {g}(jumbled|garbled|coming out wrong|come out wrong|don't make sense|are nonsense|mixed up)",
      "talking (gibberish|nonsense|funny|weird|strange|like (he's|she's) drunk)",
      "gibberish",
    ],
    es: [
      "no (puede|puedo) hablar(?! (con|ahora|ingles|espanol|por))",
      "habla {g}(raro|arrastrad~|trabad~|mal|enredad~|chistoso|sin sentido)",
      "arrastra {g}(las )?palabras",
      "no se le entiende",
      "no le salen las palabras",
      "balbucea",
      "trab~ la lengua",
    ],
  },
  {
    name: "vision_loss",
    en: [
      `(?<=(lost|losing|lose) (the |all )?)(vision|sight) (in|of|out of) ${P}? ?(one|left|right|both)? ?eye`,
      "(suddenly|sudden) {g}(blind|can't see|lost (my|his|her) (vision|sight)|vision loss|double vision|went blind)",
      "can't see (out of|from|with) (my|his|her|one|the) (left |right )?eye",
      "(vision|sight) {g}(went black|went dark|went dim|is gone|gone|disappeared|blacked out|cut out)",
      "curtain (over|coming down|across|came down) ",
      "went blind",
    ],
    es: [
      "(perdi|perdio) (la )?(vista|vision)",
      "no (veo|ve) (de|por|con) (un|el|mi|su) ojo",
      "de repente no (veo|ve)",
      "se (me|le) (nublo|fue) la vista de repente",
      "quedo cieg~",
    ],
  },
  {
    name: "worst_headache",
    en: [
      "worst headache (of|in) (my|his|her|their) (entire )?life",
      "worst headache (i've|i have|she's|he's) ever",
      "worst headache ever",
      "thunderclap",
      "(sudden|sudden~) {g}(severe|terrible|explosive|excruciating|splitting|worst|violent|horrible) headache",
      "headache {g}(came on|hit) (suddenly|like a thunderclap|out of nowhere|all at once)",
      "(head|skull) {g}(exploding|going to explode|about to explode|split~ open)",
    ],
    es: [
      "(peor|mas fuerte) dolor de cabeza de (mi|su) vida",
      "dolor de cabeza {g}(subito|repentino|explosivo|insoportable) ",
      "dolor de cabeza (muy )?(fuerte|terrible|horrible) de repente",
      "de repente {g}dolor de cabeza (muy )?(fuerte|terrible|horrible)",
      "cabeza (me|le) va a explotar",
    ],
  },
  {
    name: "stroke_now",
    en: [
      "having (a|another) (stroke|tia|mini stroke|mini-stroke|brain bleed)",
      "(it's|it is|this is|is this|think it's) (a|another) (stroke|tia|mini stroke|mini-stroke)",
      "stroking out",
      "stroke (right )?now",
      "stroke symptoms (right )?now",
    ],
    es: [
      "(esta dando|esta teniendo|da|dando) (un|una) (derrame|embolia|ataque cerebral|ictus|infarto cerebral)",
      "(es|sea) (un|una) (derrame|embolia|ataque cerebral|ictus)",
      "derrame (cerebral )?(ahora|ahorita)",
    ],
  },
  {
    name: "numb_face_arm",
    en: ["(face|arm|leg|hand) {g}(numb~|tingl~|weak)", "numb~ (in|on) (my|his|her) (face|arm|leg|hand)", "arm {g}(weak|heavy|limp)"],
    es: ["(cara|brazo|pierna|mano) {g}(dormid~|adormecid~|entumid~|debil|hormiguea)"],
  },
  {
    name: "sudden_confusion",
    en: [
      "(sudden~|all of a sudden|out of nowhere) {g}(confus~|doesn't know where|disoriented|not making sense)",
      "confus~ (all of a sudden|suddenly|out of nowhere)",
    ],
    es: ["de repente {g}(confundid~|desorientad~|no sabe donde)", "(confundid~|desorientad~) de repente"],
  },
  // ---------- seizure ----------
  {
    name: "seizure_now",
    en: [
      "seizing",
      "having (a|another) (seizure|fit|convulsion)",
      "into (a )?(seizure|status epilepticus)",
      "seizure (right )?now",
      "seizure (is )?(happening|going on)",
      "convulsing",
      "convulsions",
      "(shaking|jerking|twitching) {g}(all over|uncontrollably|won't stop|and (won't|can't|isn't|is not|not) respond~)",
      "eyes rolled (back|up)",
      "status epilepticus",
    ],
    es: [
      "convulsionando",
      "(esta|estan) convulsion~",
      "(tiene|tuvo|le da|le esta dando|le dio) (una |un )?(convulsion|convulsiones|ataque epileptico|ataque de epilepsia)",
      "ataque epileptico (ahora|ahorita)",
      "temblando {g}(sin parar|y no responde|todo el cuerpo)",
      "ojos (en blanco|volteados)",
    ],
  },
  {
    name: "seizure_long",
    en: [
      "(seizure|fit|shaking|jerking|convulsion~) {g5}(more than|over|longer than|for|lasting|lasted|past|going on) (5|five|6|six|7|seven|8|eight|10|ten|15|fifteen|20|twenty) (min~|mins)",
      "(seizure|seizures|fit|shaking|jerking|convulsion~) {g}(won't|will not|isn't|is not|not|hasn't|doesn't) (stop~|ending|end)",
      "back to back seizures",
      "(seizures|fits) {g}back to back",
      "(seizure|seizures) (one )?after (another|the other)",
      "another seizure (before|without) (waking|coming)",
    ],
    es: [
      "(lleva|ya lleva|llevan|dura|duro|durado) {g}(mas de )?(5|cinco|6|seis|7|siete|10|diez|15|quince) (minutos|min)",
      "no (para|deja) de (convulsionar|temblar)",
      "convulsion~ {g}no (para|se detiene|termina)",
    ],
  },
  {
    name: "first_seizure",
    en: [
      "(first|1st) (ever |time )?(seizure|fit|convulsion)",
      "never had a seizure before",
      "no history of seizures",
    ],
    es: ["primera (vez que tiene una )?convulsion", "nunca (ha|habia) (tenido|convulsionado)"],
  },
  // ---------- unresponsive ----------
  {
    name: "unresponsive",
    en: [
      "unresponsive",
      "non-responsive",
      "nonresponsive",
      "(won't|will not|can't|cannot|doesn't|does not|isn't|is not|not) (wake~|waking|respond~|responsive|come to|coming to|rousable|arousable)( up)?",
      "can't (wake|rouse) (him|her|them|my|up)",
      "can't get (him|her|them) (to wake|to respond|up)",
      "(no|not any) response (when|from)",
      "unconscious",
      "not conscious",
      "(is|still|lying|laying|he's|she's) (out cold|unconscious)",
      "found (him|her|them|my \\w+) {g}(on the floor|unconscious|unresponsive|not breathing|passed out|collapsed|blue)",
      "(collapsed|collapsing)(?! (lung|vein|disc))",
    ],
    es: [
      "no (responde|reacciona|despierta|se despierta|contesta|abre los ojos)",
      "inconsciente",
      "sin (respuesta|conocimiento|sentido)",
      "no (lo|la|le) (puedo|podemos) despertar",
      "(tirado|tirada) en el (piso|suelo)",
      "se desplomo",
      "esta en el (piso|suelo)",
    ],
  },
  // ---------- head injury ----------
  {
    name: "head_injury",
    en: [
      `(hit|bump~|bang~|smack~|struck|whack~|slammed|cracked|hurt|injured) ${P} head`,
      "head (injury|trauma|wound|on the (floor|ground|concrete|pavement|table|corner))",
      "(fell|fall|slipped|tripped) {g6}(head|skull)",
      "fell (off|from|down) {g}(ladder|roof|stairs|staircase|bed|bike|bicycle|horse|tree|balcony|monkey bars|counter|changing table|crib)",
      "(car|bike|motorcycle) (accident|crash|wreck)",
      "concussion",
      "(got|was|been|getting|get) knocked out",
      "knocked (him|her|me|himself|herself|myself) out",
      "(head|skull) {g}(bleeding|cut open|split|fracture~)",
    ],
    es: [
      "(golpeo|golpe|pego|dio|pegue|pegamos|choco) {g}(en )?(la|su|mi) cabeza",
      "golpe (en|de|fuerte en) la cabeza",
      "(se cayo|me cai|cayo|se callo) {g6}cabeza",
      "(se cayo|cayo) (de|del|de la|por las) (escalera~|techo|cama|bicicleta|arbol|balcon|caballo)",
      "(accidente|choque) de (carro|coche|auto|moto)",
      "conmocion",
      "traumatismo",
    ],
  },
  {
    name: "head_danger",
    en: [
      "one pupil {g}(bigger|larger|smaller|different|dilated)",
      "pupils {g}(different|unequal|uneven) ",
      "unequal pupils",
      `fluid {g}(from|out of|leaking from) ${P} (nose|ear|ears)`,
      `blood (coming )?(from|out of) ${P} (ear|ears)`,
      "(headache|pain) {g}(getting|keeps getting|is getting) worse",
      "(blood thinner~|anticoagulant~|warfarin|eliquis|xarelto|coumadin|apixaban|rivaroxaban)",
      "keeps (asking|repeating) the same",
    ],
    es: [
      "pupila~ {g}(diferente~|desigual~|mas grande|dilatad~)",
      "(liquido|sangre) {g}(por|de) (la nariz|el oido|los oidos|las orejas)",
      "(toma|tomando) (anticoagulante~|warfarina|eliquis|xarelto)",
      "dolor de cabeza {g}(empeora|peor)",
      "repite (lo mismo|las mismas preguntas)",
    ],
  },
];

export const CARDIO_NEURO_RULES: readonly RuleSpec[] = [
  { id: "cardiac.chest_pain", family: "cardiac", action: "911", all: [["chest_pain"]] },
  { id: "cardiac.chest_pain_with_signs", family: "cardiac", action: "911", all: [["chest_pain"], ["radiation", "sweating", "short_breath", "faint", "vomiting"]], priority: 2 },
  { id: "cardiac.heart_attack_now", family: "cardiac", action: "911", all: [["heart_attack_now"]], priority: 1 },
  { id: "cardiac.arrest", family: "cardiac", action: "911", all: [["cardiac_arrest"]], priority: 3 },
  { id: "cardiac.icd_repeated_shocks", family: "cardiac", action: "911", all: [["icd_repeated_shocks"]], priority: 2 },
  { id: "cardiac.radiating_with_signs", family: "cardiac", action: "911", all: [["radiation"], ["sweating", "short_breath", "faint", "vomiting"]], window: 250 },
  { id: "stroke.face_droop", family: "stroke", action: "911", all: [["face_droop"]], priority: 1 },
  { id: "stroke.one_side_weakness", family: "stroke", action: "911", all: [["one_side_weakness"]], priority: 1 },
  { id: "stroke.speech", family: "stroke", action: "911", all: [["speech"]] },
  { id: "stroke.sudden_vision_loss", family: "stroke", action: "911", all: [["vision_loss"]] },
  { id: "stroke.worst_headache", family: "stroke", action: "911", all: [["worst_headache"]] },
  { id: "stroke.named_now", family: "stroke", action: "911", all: [["stroke_now"]] },
  { id: "stroke.numbness_with_signs", family: "stroke", action: "911", all: [["numb_face_arm"], ["speech", "face_droop", "vision_loss", "sudden", "confusion", "sudden_confusion"]], window: 300 },
  { id: "stroke.sudden_confusion", family: "stroke", action: "911", all: [["sudden_confusion"]] },
  { id: "seizure.now", family: "seizure", action: "911", all: [["seizure_now"]] },
  { id: "seizure.prolonged", family: "seizure", action: "911", all: [["seizure_long"]], priority: 2 },
  { id: "seizure.prolonged_duration", family: "seizure", action: "911", all: [["seizure_any", "seizure_now"], ["seizure_long"]], priority: 2 },
  { id: "seizure.first", family: "seizure", action: "911", all: [["first_seizure"]], priority: 1 },
  { id: "unresponsive.unresponsive", family: "unresponsive", action: "911", all: [["unresponsive"]] },
  {
    id: "head_injury.danger_signs",
    family: "head_injury",
    action: "911",
    all: [["head_injury"], ["confusion", "vomiting", "loss_of_consciousness", "drowsy", "head_danger", "seizure_any", "unresponsive", "speech"]],
    priority: 2,
  },
];
