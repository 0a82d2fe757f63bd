/** Airway (anaphylaxis, choking, stridor) and breathing: cues and rules (EN + ES). */
import { P } from "./shared";
import type { CueSpec, RuleSpec } from "./types";

export const AIRWAY_BREATHING_CUES: readonly CueSpec[] = [
  // ---------- airway ----------
  {
    name: "throat_closing",
    en: [
      "throat {g}(clos~|tight~|swell~|swollen|shut|constrict~|narrow~|block~)",
      `(clos~|swell~) {g}(up )?${P}? ?(throat|airway|windpipe)`,
      "airway {g}(clos~|swell~|block~|tight~)",
      "windpipe {g}(clos~|swell~|block~)",
    ],
    es: [
      "(cerrando|cierra|cerro|cerrado|cerrada|hinchando|hinchada|hincha|apretada|apretando) {g}(la |mi |su )?garganta",
      "garganta {g}(cerrando|cerrada|cierra|hinchad~|apretad~|inflamad~|tapad~)",
    ],
  },
  {
    name: "lip_tongue_swelling",
    en: [
      "(lip|lips|tongue|throat|uvula) {g}(swell~|swollen|puff~|blow~ up|huge|getting big|getting bigger|thick~)",
      `(swell~|swollen|puffy|puffing) {g}${P}? ?(lip|lips|tongue)`,
    ],
    es: [
      "(labio|labios|lengua) {g}(hinchad~|inflamad~|grande~|gord~|hinchando)",
      "(hinch~|inflam~) {g}(la lengua|los labios|el labio|su lengua|sus labios)",
    ],
  },
  {
    name: "face_swelling",
    en: [`(face|eyes|eyelids) {g}(swell~|swollen|puff~ up|blow~ up)`, `(swell~|swollen) {g}${P}? ?face`],
    es: ["(cara|ojos|parpados) {g}(hinchad~|inflamad~)", "(hinch~|inflam~) {g}(la|su|mi) cara"],
  },
  {
    name: "stridor",
    en: [
      "stridor",
      "(high-pitched|high pitched|squeaky|whistling|crowing|wheezy) (noise|sound|squeak|whistle|breathing)? ?(when|while|as) (breath~|inhal~|he breathes|she breathes|i breathe)",
      "can't swallow (my|his|her|their) (own )?(spit|saliva)",
      "(drool~|drooling) {g}(can't|cannot|unable to|won't|struggl~) (swallow|breathe)",
    ],
    es: ["no (puede|puedo) tragar (ni )?(su |mi )?(propia )?saliva", "babea~ {g}no (puede|puedo) (tragar|respirar)", "ruido (agudo|chillon) al respirar"],
  },
  {
    name: "anaphylaxis_named",
    en: [
      "anaphyla~",
      "(severe|bad|serious|major) allergic reaction",
      "anaphylactic shock",
      "going into shock",
      "(used|gave|give|giving|jabbed|injected) {g}(epipen|epi pen|epi-pen|epinephrine|auvi-q|adrenaline)",
      "(epipen|epi pen|epinephrine) {g}(didn't|did not|isn't|not) (work~|help~)",
    ],
    es: ["anafila~", "choque anafilactico", "reaccion alergica (grave|fuerte|severa|muy fuerte)", "(use|le puse|puse|le di) {g}(epipen|epinefrina|adrenalina)"],
  },
  {
    name: "allergy_context",
    en: [
      "hives",
      "welts",
      "allerg~",
      "(bee|wasp|hornet) sting",
      "(stung|bit) by",
      "(ate|eaten|eating|had) {g}(peanut~|nut~|shellfish|shrimp|sesame|tree nuts)",
      "(new|started (a|the)) (medicine|medication|pill|antibiotic|drug)",
    ],
    es: ["ronchas", "urticaria", "alergi~", "picadura", "pico una (abeja|avispa)", "comio {g}(cacahuate~|mani|mariscos|camaron~|nueces)", "(nueva|nuevo) (medicina|pastilla|antibiotico|medicamento)"],
  },
  {
    name: "choking",
    en: [
      "choking(?! (up|back|on (the|these|those|this|my|his|her) (price~|cost~|bill~|fee~|news|words|tears|paperwork)))",
      "choked on (a|his|her|some|food|piece) ",
      "something (is )?stuck in (my|his|her|their) throat",
      "(food|piece of \\w+|grape|candy|coin|toy) {g}stuck in (his|her|my|their) (throat|airway|windpipe)",
    ],
    es: ["(se esta ahogando|se ahoga|se atraganto|atragant~) {g}(con|por)? ", "atragantad~", "tiene algo atorado en la garganta", "se le atoro"],
  },
  // ---------- breathing ----------
  {
    name: "cant_breathe",
    en: [
      "can't (breathe|breath|get (air|a breath|enough air|my breath)|catch (my|his|her|their) breath)",
      "cannot (breathe|breath|get air|get enough air)",
      "(unable|not able) to (breathe|breath|get air)",
      "couldn't (breathe|breath)",
      "(struggling|fighting|straining) (to breathe|for (air|breath))",
      "gasp~",
      "barely breath~",
      "hardly breath~",
      "suffocat~",
      "can't (talk|speak|finish) {g}(sentence~|between breaths|because (he|she|i) can't breathe)",
      "(severe|extreme|really bad|very bad|terrible) (shortness of breath|trouble breathing|difficulty breathing)",
      "(very|really|extremely|so|super) short of breath",
      "drowning(?! in (paperwork|debt|bills|work|forms|emails|papers|stress|tasks|appointments|homework|loans|medical bills|laundry|questions|information))",
    ],
    es: [
      "no (puede|puedo|podia|pudo|podemos) {g2}respirar",
      "no (puede|puedo) (jalar|agarrar|tomar) aire",
      "sin poder respirar",
      "apenas (puede )?respira",
      "se (esta )?ahogando(?! (en|con) (deudas|trabajo|papeles|cuentas))",
      "me ahogo",
      "asfixi~",
      "(mucha|muchisima) dificultad para respirar",
      "jadeando",
      "no le entra (el )?aire",
      "no me entra (el )?aire",
    ],
  },
  {
    name: "not_breathing",
    en: [
      "(not|isn't|is not|wasn't|stopped|stop|no longer|quit|isnt) breathing",
      "breathing (has )?stopped",
      "no breath (sounds|at all)",
      "not taking (a )?breath~",
    ],
    es: ["no respira", "dejo de respirar", "ya no respira", "no esta respirando"],
  },
  {
    name: "turning_blue",
    en: [
      "turn~ (blue|purple|gray|grey|bluish|dusky)",
      "(going|gone|went|getting) (blue|purple|gray|grey|bluish)",
      "(lips|face|fingers|fingertips|skin|mouth) {g}(blue|purple|gray|grey|bluish|dusky)",
      "blue (lips|face|around the (mouth|lips))",
    ],
    es: [
      "(labios|cara|dedos|boca|piel) {g}(morad~|azul~|gris~)",
      "(se esta poniendo|se puso|se pone|poniendose) (morad~|azul|gris)",
      "esta (morado|morada|azul)",
    ],
  },
  {
    name: "inhaler_failing",
    en: [
      "(inhaler|nebulizer|albuterol|puffer|rescue inhaler) {g}(isn't|is not|not|doesn't|does not|didn't|did not|stopped) (work~|help~)",
      "asthma attack {g}(won't|isn't|not) (stop~|getting better|helping)",
    ],
    es: ["(inhalador|nebulizador|bomba|bombita) {g}no (le |me )?(funciona|ayuda|sirve|hace efecto)"],
  },
  {
    name: "breathing_lying_down",
    en: ["can't breathe (when|if) (i|he|she) (lie|lay|lies|lays)", "wake up gasping"],
    es: ["no (puede|puedo) respirar acostad~"],
  },
];

export const AIRWAY_BREATHING_RULES: readonly RuleSpec[] = [
  { id: "airway.throat_closing", family: "airway", action: "911", all: [["throat_closing"]], priority: 2 },
  { id: "airway.lip_tongue_swelling", family: "airway", action: "911", all: [["lip_tongue_swelling"]], priority: 2 },
  { id: "airway.stridor", family: "airway", action: "911", all: [["stridor"]], priority: 2 },
  { id: "airway.anaphylaxis", family: "airway", action: "911", all: [["anaphylaxis_named"]], priority: 2 },
  { id: "airway.choking", family: "airway", action: "911", all: [["choking"]], priority: 2 },
  {
    id: "airway.allergic_reaction_with_signs",
    family: "airway",
    action: "911",
    all: [["allergy_context", "face_swelling"], ["short_breath", "cant_breathe", "faint", "face_swelling", "vomiting"]],
    window: 300,
    priority: 1,
  },
  { id: "breathing.cant_breathe", family: "breathing", action: "911", all: [["cant_breathe", "breathing_lying_down"]] },
  { id: "breathing.not_breathing", family: "breathing", action: "911", all: [["not_breathing"]], priority: 3 },
  { id: "breathing.turning_blue", family: "breathing", action: "911", all: [["turning_blue"]], priority: 1 },
  { id: "breathing.rescue_inhaler_failing", family: "breathing", action: "911", all: [["inhaler_failing"]] },
  { id: "breathing.short_of_breath_with_signs", family: "breathing", action: "911", all: [["short_breath"], ["turning_blue", "confusion", "faint", "drowsy"]], window: 250 },
];
