/**
 * Severe bleeding, sepsis / meningitis, pregnancy, diabetic emergencies, trauma and the other
 * time-critical ones (testicular torsion, a sudden cold pale limb, cauda equina): cues and rules.
 */
import { P } from "./shared";
import type { CueSpec, RuleSpec } from "./types";

/** Fever thresholds: ≥ 100.4 °F or ≥ 38 °C; numbers in between (42–99) are neither and are rejected. */
function isFeverNumber(matched: string): boolean {
  const m = /(\d+(?:[.,]\d+)?)\s*$/.exec(matched) ?? /(\d+(?:[.,]\d+)?)/.exec(matched);
  if (!m) return false;
  const v = Number(m[1].replace(",", "."));
  return (v >= 38 && v <= 43) || (v >= 100.4 && v <= 110);
}

function lastNumber(matched: string): number | null {
  const all = matched.match(/\d+(?:[.,]\d+)?/g);
  if (!all) return null;
  return Number(all[all.length - 1].replace(",", "."));
}

/** Below 55 mg/dL, or below 3.0 mmol/L. */
function isLowGlucose(matched: string): boolean {
  const v = lastNumber(matched);
  if (v === null) return false;
  return (v >= 10 && v < 55) || (v > 0 && v < 3.0);
}

/** 400 mg/dL or more, or 22 mmol/L or more (and a plausible reading). */
function isHighGlucose(matched: string): boolean {
  const v = lastNumber(matched);
  if (v === null) return false;
  return (v >= 400 && v <= 2000) || (v >= 22 && v < 35 && /\.|,|mmol/.test(matched));
}

const GLUCOSE = "(sugar|sugars|glucose|bg|bs|blood sugar|reading|cgm|dexcom|libre|meter|glucometer|azucar|glucosa|glicemia|glucemia)";
const GLUCOSE_LINK =
  "{g}(is|was|at|of|reads|reading|read|dropped to|down to|went to|up to|says|said|showed|shows|came back|en|de|esta en|marca|marco|bajo a|subio a)? ?";

export const OTHER_CUES: readonly CueSpec[] = [
  // ---------- bleeding ----------
  {
    name: "bleeding_uncontrolled",
    en: [
      "bleed~ {g}(won't|will not|doesn't|does not|isn't|is not|hasn't|can't|cannot|not|never) (stop~|slow~|quit|letting up|clot~)",
      "(can't|cannot|couldn't) (stop|control) (the |his |her |my )?bleed~",
      "bleed~ {g}(heavily|profusely|a lot|badly|everywhere|non[- ]?stop|nonstop|like crazy|through (the |a )?(towel|bandage|gauze|shirt)|so much|really bad)",
      "(gushing|spurting|pouring|squirting|pumping|streaming) (out )?(blood|from)",
      "blood {g}(gushing|spurting|pouring|squirting|pumping|everywhere|won't stop|will not stop|soaking)",
      "soaked (through )?{g}(towel~|bandage~|gauze)",
      "(?<=(lost|losing) (a lot of|so much|lots of) )blood",
      "pool of blood",
      "(it|bleeding|blood) (won't|will not|doesn't|does not) stop",
      "nosebleed~ {g}(won't|will not|doesn't|does not|isn't|is not|not|hasn't|has not) (stop~|slow~)",
      "hemorrhag~",
    ],
    es: [
      "sangr~ {g}(mucho|muchisimo|sin parar|a chorros?|demasiado|bastante|como loco)",
      "no (para|deja|deja de|se detiene) {g}(de )?sangrar",
      "sangre no (para|se detiene|deja de salir)",
      "no (puedo|podemos|puede) (parar|detener|controlar) (el sangrado|la sangre)",
      "(perdio|perdiendo|pierde) mucha sangre",
      "hemorragia",
      "charco de sangre",
      "(sale|saliendo|brota) {g}sangre {g}(a chorros?|mucha|sin parar)",
      "no para de (salir|echar|botar) sangre",
      "(sale|saliendo|brota|echa) {g3}a borbotones",
      "(me|se) corte? {g6}(y )?no (para|deja de sangrar|se detiene)",
      "(empapad~|empapo|empapando) {g3}(de sangre|la toalla|el trapo|la venda|las gasas)",
    ],
  },
  {
    name: "vomiting_blood",
    en: [
      "(vomit~|throw~ up|threw up|puk~|spit~ up|spitting up) {g5}(blood|bloody|coffee grounds|bright red)",
      "blood in (my|his|her|the|their) (vomit|throw up|puke)",
      "(vomit|puke) {g}(blood|bloody|red|coffee grounds)",
      "hematemesis",
    ],
    es: ["(vomit~|devolv~) {g}sangre", "sangre en (el|su|mi) vomito"],
  },
  {
    name: "coughing_blood",
    en: ["cough~ {g}(blood|bloody|bright red)", "hemoptysis"],
    es: ["tos~ {g}sangre", "escupiendo sangre"],
  },
  {
    name: "black_stool",
    en: [
      "(black|tarry|tar-like|tar like|maroon|bloody) {g}(stool~|poop~|bowel movement~|bms|bm|diarrhea|poo)",
      "(stool~|poop|poo|bowel movement~) {g}(black|tarry|like tar|maroon|full of blood|bloody)",
      "blood in (my|his|her|the|their) (stool|poop|poo)",
      "(pooping|passing) (blood|clots)",
      "rectal bleeding",
    ],
    es: ["(heces|popo|caca|excremento|evacuaciones|deposiciones) {g}(negr~|como alquitran|con sangre)", "sangre en (las heces|el popo|la caca)"],
  },
  // ---------- sepsis / meningitis ----------
  {
    name: "fever",
    en: ["fever~", "febrile", "burning up", "high temp~", "(temp|temperature) {g}#"],
    es: ["fiebre", "calentura", "temperatura {g}(alta|#)", "ardiendo en fiebre"],
    test: (m) => (/\d/.test(m) ? isFeverNumber(m) : true),
  },
  {
    name: "stiff_neck",
    en: [
      "(stiff|rigid|sore and stiff) neck",
      "neck {g}(stiff~|rigid|hurts to bend|won't bend|can't bend|can't move)",
      "can't (bend|touch|put|move) (his|her|my|their) (chin|head|neck)",
    ],
    es: [
      "cuello {g}(rigido|tieso|duro|que no (puede|puedo) doblar)",
      "rigidez (de|en el) cuello",
      "no (puede|puedo) (doblar|mover|bajar|agachar) (el|la|su) (cuello|cabeza)",
    ],
  },
  {
    name: "non_blanching_rash",
    en: [
      "mottled",
      "(purple|dark red|blue) (spots|rash|blotches|patches|dots)",
      "rash {g}(doesn't|does not|won't|didn't|not) (fade|go away|disappear|blanch) (when|under|with) ",
      "non-blanching",
      "petechia~",
      "(glass|tumbler) test",
    ],
    es: ["manchas (moradas|purpuras|rojo oscuro)", "piel moteada", "(sarpullido|manchas|ronchas) {g}no (desaparecen|desaparece|se quitan) (al|cuando)", "petequias"],
  },
  {
    name: "immunocompromised",
    en: ["chemo~", "neutropeni~", "low white (blood )?(count|cells)", "(bone marrow|stem cell|organ) transplant", "immunotherapy", "on (chemo|chemotherapy)"],
    es: ["quimio~", "neutropeni~", "defensas (bajas|muy bajas)", "globulos blancos bajos", "trasplante"],
  },
  {
    name: "young_infant",
    en: [
      "(newborn|neonate)",
      "(1|2|3|4|5|6|7|8|9|10|11|12|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (week|weeks|wk|wks|day|days) old", "(baby|infant|son|daughter) {g}(\\d|one|two|three|four|five|six|seven|eight) (weeks?|days?|wk|wks) old", "(baby|infant) {g}(one|two|1|2) months? old"],
    es: ["recien nacid~", "(bebe|nino|nina) de (\\d|una|dos|tres|cuatro|cinco|seis) (semanas|dias|semana)", "bebe de (un|1|dos|2) mes~"],
  },
  {
    name: "sepsis_named",
    en: ["(has|is|think~|might be|could be|going) {g}(sepsis|septic)", "septic shock", "sepsis (now|right now)"],
    es: ["(tiene|creo que es|podria ser) {g}(sepsis|septicemia)", "choque septico"],
  },
  {
    name: "shaking_chills",
    en: ["(shaking|teeth chattering|uncontrollable) chills", "rigors"],
    es: ["escalofrios (fuertes|que no paran|temblando)", "temblando de frio"],
  },
  // ---------- pregnancy ----------
  {
    name: "pregnant",
    en: [
      "pregnan~",
      "(preggers|preggo|prego)",
      "(weeks|months) along",
      "expecting (a baby|twins)",
      "(first|second|third) trimester",
      "postpartum",
      "post-partum",
      "(gave|given) birth",
      "(just|recently) (delivered|had (a|the|my) baby)",
      "(days|weeks|week) (after|since) (giving birth|delivery|the delivery|my c-section|the birth)",
      "c-section",
      // A birth days or weeks ago: bleeding, pressure or a seizure can still be an obstetric emergency.
      "(had|delivered|birthed) (a|the|my|our|her) (baby|son|daughter|twins) {g3}(ago|yesterday|last (week|night)|on \\w+day)",
      "(baby|son|daughter|twins) (was|were) born {g3}(ago|yesterday|last (week|night))",
      "since (the birth|giving birth|delivery|the delivery|i had (the|my) baby|my baby was born)",
      "(after|since) (having|delivering) (the|my) baby",
      "(post ?partum|pp) (day|week) #",
      "new (mom|mother|mama) {g4}(bleed~|blood|clots|pad~)",
    ],
    es: [
      "embaraz~",
      "semanas de embarazo",
      "meses de embarazo",
      "dio a luz",
      "di a luz",
      "posparto",
      "postparto",
      "cesarea",
      "recien (di|dio) a luz",
      "(tuve|tuvo) (a )?(mi|su|el|la) (bebe|nino|nina|hijo|hija) (hace|ayer|la semana)",
      "(nacio|nacieron) (mi|su|el|los) (bebe|bebes|nino|nina|hijo|hija|gemelos) (hace|ayer|la semana)",
      "(despues|desde) (del|el) parto",
      "desde que (naci?o|tuve) (mi|el|a mi) bebe",
    ],
  },
  {
    name: "heavy_bleeding",
    en: [
      "(heavy|lots of|soaking|gushing|bright red|so much) {g}(bleeding|blood)",
      "(?<=a )lot of {g}(bleeding|blood)",
      "bleed~ {g}(heavily|a lot|through|so much|like crazy|like a faucet)",
      "soak~ {g}(pad|pads|through)",
      "(passing|huge|large|big) clots",
      "clots (the size|bigger|as big)",
      "(golf ball|plum|lemon|egg|fist)[- ]?(sized|size) clots",
      "(fill~|(go|goes|going|went|gone) through|chang~|soak~) {g2}(pad|pads|maxi pads?|tampons?) (every|an|each|in an|in under an|within an|in less than an) (hour|half hour|\\d+ min)",
    ],
    es: [
      "sangrado (abundante|fuerte|mucho|muy fuerte)",
      "sangr~ (mucho|muchisimo|demasiado)",
      "empap~ {g}(toalla|toallas|la ropa|compresa~)",
      "coagulos (grandes|enormes|del tamano)",
      "(lleno|llenando|cambio|cambiando|empapo|empapando) {g2}(toalla~|compresa~|toallita~) (cada|por|en una|en menos de una) hora",
    ],
  },
  {
    name: "severe_abdominal_pain",
    en: [
      "(severe|terrible|really bad|very bad|sharp|excruciating|intense|horrible|unbearable|worst) {g}(belly|stomach|abdominal|abdomen|pelvic|pelvis|lower belly|tummy|side) ?(pain|cramp~|ache)",
      "(belly|stomach|abdomen|tummy) {g}(hurts|pain) (so|really|very) (bad|badly|much)",
      `(severe|terrible|really bad|very bad|sharp|excruciating|intense|horrible|unbearable|worst|stabbing) (pain|cramp~|cramping) {g}(in|on) ${P}? ?(lower |upper |right |left )?(belly|stomach|abdomen|tummy|pelvis|side)`,
    ],
    es: ["dolor (muy )?(fuerte|intenso|terrible|insoportable|horrible) {g}(panza|barriga|vientre|abdomen|estomago|pelvis)", "(panza|barriga|vientre|abdomen) {g}duele (muchisimo|horrible|demasiado)"],
  },
  {
    name: "preeclampsia_signs",
    en: [
      "(severe|bad|terrible|pounding|splitting|worst) headache",
      "seeing (spots|stars|flashing lights|sparkles)",
      "(blurry|blurred|changes in|double) vision",
      "(face|hands) {g}(suddenly )?(swollen|swelling|puffy)",
      "(upper right|right upper) (belly|abdominal|stomach) pain",
    ],
    es: ["dolor de cabeza (muy )?(fuerte|terrible|intenso)", "(veo|ve) (lucecitas|puntos|manchas|luces)", "vision (borrosa|doble)", "(cara|manos) {g}hinchad~"],
  },
  {
    name: "obstetric_now",
    en: [
      "cord {g}(coming out|hanging out|is out|prolapse~|visible)",
      "baby {g}(is coming|coming out|crowning|head is out)",
      "crowning",
      "baby {g}(isn't|is not|hasn't|has not|stopped|not) (moving|kicking|moved|kicked)",
      "(no|haven't felt|can't feel) (the )?baby (move|moving|kick~)",
    ],
    es: ["cordon {g}(afuera|salido|saliendo)", "(bebe|nino) {g}(ya viene|esta saliendo|ya sale)", "(bebe|nino) {g}(no se mueve|dejo de moverse|no patea)", "no siento (al|el) bebe moverse"],
  },
  // ---------- diabetic ----------
  {
    name: "glucose_low",
    en: [`${GLUCOSE} ${GLUCOSE_LINK}#`, "(very|really|super|dangerously|extremely|crazy) low (blood )?(sugar|glucose|bg)", `${GLUCOSE} {g}(very|really|super|dangerously|extremely|crazy) low`, "hypoglycemi~", "low blood sugar", "(meter|cgm|dexcom|libre) {g}(says|reads|shows) (lo|low)"],
    es: [`${GLUCOSE} ${GLUCOSE_LINK}#`, "(azucar|glucosa) {g}(muy )?baja", "bajon de (azucar|glucosa)", "hipoglucemia"],
    test: (m) => (/\d/.test(m) ? isLowGlucose(m) : true),
  },
  {
    name: "glucose_high",
    en: [`${GLUCOSE} ${GLUCOSE_LINK}#`, `${GLUCOSE} {g}(very|really|super|dangerously|extremely|crazy|off the charts) high`, "(meter|cgm|dexcom|libre|glucometer) {g}(says|reads|shows|said) (hi|high)", "(dka|ketoacidosis|diabetic coma)", "(large|high|lots of) ketones", "ketones {g}(large|high|dark purple)"],
    es: [`${GLUCOSE} ${GLUCOSE_LINK}#`, "(azucar|glucosa) {g}(muy |super |demasiado )?alta", "cetoacidosis", "cetonas (altas|muy altas)", "coma diabetico"],
    test: (m) => (/\d/.test(m) ? isHighGlucose(m) : true),
  },
  {
    name: "diabetic_context",
    en: ["diabet~", "type (1|one|2|two)", "insulin", "t1d"],
    es: ["diabet~", "tipo (1|uno|2|dos)", "insulina"],
  },
  {
    name: "dka_signs",
    en: ["fruity breath", "breath smells (fruity|sweet|like nail polish)", "breathing (fast|rapid~|deep and fast|really fast|heavy)", "can't keep (anything|fluids|water|food) down", "very thirsty and (vomit~|confused)"],
    es: ["aliento (a fruta|dulce|afrutado)", "respira (rapido|muy rapido|profundo)", "no (retiene|tolera) (nada|liquidos|agua)"],
  },
  // ---------- testicular torsion ----------
  {
    name: "torsion",
    en: [
      "(sudden~|severe|terrible|really bad|excruciating|intense|horrible|unbearable|bad|sharp) {g4}(pain|ache|hurt~) {g}(in|on) (my|his|the|their|one) (left |right )?(testicle~|testes|balls?|scrotum|nuts?|groin)",
      "(testicle~|scrotum|balls?|nuts?) {g}(sudden~|severe~|excruciating|swollen and|twisted|killing|hurts (so|really) bad|really hurts|is swollen|very painful|pain~)",
    ],
    es: ["dolor {g}(muy )?(fuerte|intenso|repentino|horrible|terrible)? ?{g}(en )?(el|un|su|mi|los) (testiculo~|huevo~|escroto)", "(testiculo~|escroto|huevos) {g}(duele~|dolor|hinchad~|torcid~)"],
  },
  // ---------- acute limb ischemia ----------
  {
    name: "cold_limb",
    en: [
      "(leg|foot|arm|hand|toes|fingers) {g}(cold|ice cold|icy|pale|white|blue|purple|mottled)",
      "(cold|pale|white|icy) (and )?(numb |painful |blue )?(leg|foot|arm|hand|toes)",
      "no pulse in (my|his|her|the) (foot|leg|arm|wrist)",
    ],
    es: ["(pierna|pie|brazo|mano|dedos) {g}(fri~|helad~|palid~|blanc~|morad~)"],
  },
  {
    name: "limb_pain_numb",
    en: ["(pain~|hurt~|numb~|tingl~|can't move|can't feel|won't move|weak|agony|killing)"],
    es: ["(dolor|duele|dormid~|entumid~|no (la|lo) (puede|puedo) mover|no (la|lo) siento)"],
  },
  // ---------- cauda equina ----------
  {
    name: "saddle_numbness",
    en: [
      "(can't|cannot|unable to|can not) feel {g}(groin|bottom|butt|between (my|his|her) legs|saddle|genitals|privates|private parts|inner thighs|anus)",
      "numb~ {g}(groin|saddle|bottom|butt|between (my|his|her) legs|genitals|privates|private area|inner thighs|anus)",
      "saddle (numb~|anesthesia)",
    ],
    es: ["no (siento|siente) {g}(entre las piernas|la zona|los genitales|las nalgas|el trasero|la entrepierna)", "(entrepierna|nalgas|genitales) {g}(dormid~|adormecid~|entumid~)"],
  },
  {
    name: "bladder_bowel_loss",
    en: [
      "(lost|losing|no) control (of|over) (my|his|her|the) (bladder|bowels|bowel)",
      "(wet|peed|pooped|soiled) (myself|himself|herself) without (feeling|knowing|noticing|realizing)",
      "(can't|cannot|unable to|haven't been able to) (pee|urinate)",
      "incontinen~",
      "(can't|cannot|couldn't) (control|hold) (my|his|her) (bladder|bowels|pee|urine|poop)",
    ],
    es: ["no (puedo|puede) orinar", "(perdi|perdio) el control (de|del) (la vejiga|esfinter|los esfinteres|intestino)", "me (orine|hice) sin (sentir|darme cuenta)"],
  },
  {
    name: "back_pain",
    en: ["back {g}(pain|hurts|ache|aching|went out)", "(sciatica|slipped disc|herniated disc)"],
    es: ["(dolor de|duele la) espalda", "espalda {g}(duele|dolor)", "ciatica"],
  },
  {
    name: "leg_weakness_both",
    en: ["legs {g}(weak|numb|giving out|gave out|won't work|can't move)"],
    es: ["(las|ambas|mis|sus) piernas {g}(debiles|dormidas|no (me|le) responden)"],
  },
  // ---------- trauma ----------
  {
    name: "major_trauma",
    en: [
      "bone {g}(sticking|poking|coming|is) (out|through)",
      "(stabbed|stab wound|been shot|got shot|was shot|gunshot|shot (in|through) the)",
      "(hit|struck|run over) by a (car|truck|bus|vehicle|train)",
      "(severe|bad|major|deep|huge) burn~",
      "(cut|chopped|sliced|ripped|torn) off (his|her|my|a) (finger|hand|toe|arm|foot|leg)",
      "amputat~",
      "fell (off|from) (a|the) (roof|balcony|building|second floor|third floor|window|cliff)",
      "(can't|cannot) move (his|her|my) (neck|legs)",
    ],
    es: [
      "hueso {g}(salido|expuesto|de fuera|afuera)",
      "(le dispararon|me dispararon|balazo|herida de bala|apunal~|acuchill~|navajazo)",
      "(lo|la|me) atropell~",
      "quemadura~ (grave~|severa~|profunda~)",
      "(se cayo|cayo) (del|de la|de un|de una) (techo|azotea|balcon|edificio|segundo piso|ventana)",
    ],
  },
];

export const OTHER_RULES: readonly RuleSpec[] = [
  { id: "bleeding.uncontrolled", family: "bleeding", action: "911", all: [["bleeding_uncontrolled"]], priority: 1 },
  { id: "bleeding.vomiting_blood", family: "bleeding", action: "911", all: [["vomiting_blood"]] },
  { id: "bleeding.coughing_blood", family: "bleeding", action: "911", all: [["coughing_blood"]] },
  { id: "bleeding.black_stool_with_faintness", family: "bleeding", action: "911", all: [["black_stool"], ["faint", "loss_of_consciousness", "unresponsive"]], window: 300, priority: 2 },
  { id: "sepsis.fever_stiff_neck", family: "sepsis", action: "911", all: [["fever"], ["stiff_neck"]], priority: 2 },
  { id: "sepsis.fever_confusion", family: "sepsis", action: "911", all: [["fever"], ["confusion", "sudden_confusion", "drowsy", "unresponsive"]], priority: 1 },
  { id: "sepsis.fever_rash", family: "sepsis", action: "911", all: [["fever"], ["non_blanching_rash"]], priority: 2 },
  { id: "sepsis.non_blanching_rash", family: "sepsis", action: "911", all: [["non_blanching_rash"], ["drowsy", "confusion", "stiff_neck", "vomiting"]], priority: 1 },
  { id: "sepsis.neutropenic_fever", family: "sepsis", action: "911", all: [["fever"], ["immunocompromised"]], priority: 2 },
  { id: "sepsis.young_infant_fever", family: "sepsis", action: "911", all: [["fever"], ["young_infant"]], priority: 2 },
  { id: "sepsis.named", family: "sepsis", action: "911", all: [["sepsis_named"]] },
  { id: "sepsis.fever_rigors_with_signs", family: "sepsis", action: "911", all: [["shaking_chills"], ["confusion", "faint", "short_breath", "drowsy"]] },
  { id: "pregnancy.heavy_bleeding", family: "pregnancy", action: "911", all: [["pregnant"], ["heavy_bleeding", "bleeding_uncontrolled"]], priority: 3 },
  { id: "pregnancy.severe_abdominal_pain", family: "pregnancy", action: "911", all: [["pregnant"], ["severe_abdominal_pain"]], priority: 3 },
  { id: "pregnancy.preeclampsia_signs", family: "pregnancy", action: "911", all: [["pregnant"], ["preeclampsia_signs", "vision_loss", "worst_headache"]], priority: 3 },
  { id: "pregnancy.seizure", family: "pregnancy", action: "911", all: [["pregnant"], ["seizure_now", "seizure_any"]], priority: 4 },
  { id: "pregnancy.obstetric_emergency", family: "pregnancy", action: "911", all: [["obstetric_now"]], priority: 2 },
  { id: "diabetic.low_with_symptoms", family: "diabetic", action: "911", all: [["glucose_low"], ["confusion", "unresponsive", "drowsy", "sweating", "seizure_any", "faint", "speech"]], priority: 2 },
  { id: "diabetic.high_with_symptoms", family: "diabetic", action: "911", all: [["glucose_high"], ["vomiting", "dka_signs", "short_breath", "confusion", "drowsy", "unresponsive"]], priority: 2 },
  { id: "diabetic.unresponsive_diabetic", family: "diabetic", action: "911", all: [["diabetic_context"], ["unresponsive"]], priority: 2, window: 200 },
  { id: "torsion.testicular_pain", family: "torsion", action: "911", all: [["torsion"]] },
  { id: "limb_ischemia.cold_painful_limb", family: "limb_ischemia", action: "911", all: [["cold_limb"], ["limb_pain_numb"]], window: 120 },
  { id: "cauda_equina.saddle_numbness", family: "cauda_equina", action: "911", all: [["saddle_numbness"]] },
  { id: "cauda_equina.back_pain_bladder", family: "cauda_equina", action: "911", all: [["back_pain", "leg_weakness_both"], ["bladder_bowel_loss"]], priority: 1 },
  { id: "trauma.major", family: "trauma", action: "911", all: [["major_trauma"]] },
];
