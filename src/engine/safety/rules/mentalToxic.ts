/**
 * Suicide / self-harm and overdose / poisoning: cues and rules (EN + ES).
 * Action choice (safety.md §1): 988 for a suicidal crisis; 911 when an attempt is under way or the
 * means are at hand; Poison Help for an ingestion with the person awake and breathing; 911 otherwise.
 * Swallowed button batteries and magnets, and corrosives a child swallowed, are 911 even when the
 * person seems fine: they burn or perforate the gut within hours and need an emergency department.
 */
import type { CueSpec, RuleSpec } from "./types";

const SELF = "(myself|my self|meself|himself|herself|themselves|themself)";
const MEDS =
  "(pill~|tablet~|capsule~|meds|medicine~|medication~|drugs|bottle|blister pack|gumm~|vitamin~|tylenol|acetaminophen|paracetamol|ibuprofen|advil|motrin|aleve|aspirin|benadryl|xanax|valium|ativan|klonopin|ambien|oxy~|percocet|vicodin|hydrocodone|morphine|fentanyl|heroin|opioid~|opiate~|insulin|metformin|lithium|iron|digoxin|clonidine|sleeping pills|antidepressant~|painkiller~|pain killers|prescription~|sertraline|zoloft|prozac|seroquel|trazodone|gabapentin|adderall|melatonin|edible~|weed|cannabis|thc)";
const TOXIC =
  "(bleach|antifreeze|detergent|laundry pod~|tide pod~|dishwasher pod~|button batter(y|ies)|batter(y|ies)|magnet~|drain cleaner|oven cleaner|toilet cleaner|cleaner|lye|pesticide|insecticide|weed killer|roundup|rat poison|poison|chemical~|windshield (washer )?fluid|lighter fluid|gasoline|kerosene|lamp oil|paint thinner|nail polish remover|acetone|ammonia|rubbing alcohol|hand sanitizer|mouthwash|perfume|cologne|essential oil~|mothball~|cigarette~|nicotine|e-liquid|vape (juice|liquid)|mushroom~|berries|plant~|toxic)";
const CHILD =
  "(son|daughter|toddler|baby|kid|kids|child|children|grandson|granddaughter|grandkid|niece|nephew|boy|girl|little one|infant|twins)";
/** Button and coin batteries, and magnets (not "pancake batter"). */
const BATTERY_MAGNET =
  "((button|coin|disc|disk|watch|lithium|hearing aid|small|tiny|little|round|flat) )?(cell )?(batter(y|ies)|magnets?|magnetic (balls?|beads?|toys?|pieces?))";
const SWALLOWED = "(swallowed|swallowing|ate|eaten|eating|ingested|gulped( down)?|choked on|got down)";
/** Alkalis and acids that burn the throat and gut (household bleach and detergent pods stay Poison Help). */
const CORROSIVE =
  "(drain (cleaner|opener)|drano|liquid plumr|oven cleaner|lye|caustic soda|sodium hydroxide|toilet bowl cleaner|rust remover|(battery|muriatic|hydrochloric|sulfuric|sulphuric|pool) acid|dishwasher (detergent|pod~|tablet~))";
const CORROSIVE_ES =
  "(destapacanos|destapador~ de canos|desatascador~|limpiador~ de (hornos?|inodoros?)|sosa caustica|soda caustica|quitasarro|acido (de bateria|muriatico|clorhidrico|sulfurico)|detergente (de|para) (lavavajillas|lavaplatos))";
const CHILD_ES = "(hijo|hija|nino|nina|bebe|nieto|nieta|sobrino|sobrina|nene|nena)";
const GULPED_ES = "(se tomo|tomo|se trago|trago|se comio|comio|bebio|se bebio|ingirio|mordio|chupo)";
/** A child's age as a noun: "my 2 year old", "our 18-month-old" (under 18 years). */
const CHILD_AGE = ["(?<=(?<![0-9])([0-9]|1[0-7])[^a-z0-9]{0,2})(year|years|yr|yrs) old", "(?<=[0-9][^a-z0-9]{0,2})(month|months|mo|week|weeks) old"];
const QTY =
  "(a (whole|full|entire) (bottle|pack|box|sleeve|strip)|the (whole|entire) (bottle|pack|box)|too many|too much|a handful|handfuls|a bunch|a lot|lots|\\d{2,}|twenty|thirty|forty|fifty|sixty|a hundred|half (a|the) bottle|extra|double|twice|someone else's|the wrong)";

export const MENTAL_TOXIC_CUES: readonly CueSpec[] = [
  // ---------- suicide / self-harm ----------
  {
    name: "suicidal",
    en: [
      `(kill~|off|end) ${SELF}`,
      `(hurt~|harm~|cut~|cutting|burn~|hang~|shoot~|poison~|drown~|starve~) ${SELF}`,
      "suicid~",
      "self[- ]?harm~",
      "(end|ending|take|taking|took) (my|his|her|their) (own )?life",
      "(end|ended|ending) it all",
      "(no one|nobody|noone) (would|will) (miss|notice) me",
      "end (things|everything) (tonight|today|now|for good|soon|forever)",
      "end it(?! (with|between|off|for (him|her|us|them)|by|before|after))",
      "(want|wanna|wants|wanted|ready|plan~|planning|trying|try) to (die|be dead|not be here|not exist|disappear forever|end it)",
      "wish (i|he|she) (was|were) (dead|never born|gone)",
      "wish i could (die|disappear forever|just die|not wake up)",
      "(better|be) off (dead|without me)",
      "better off without me",
      "(don't|do not|doesn't) want to (live|be alive|be here anymore|exist|wake up|go on)",
      "(no|nothing) (reason |point )?(to live|in living|living) ?(for)?",
      "nothing (left )?to live for",
      "not worth living",
      "tired of (living|being alive|life)",
      "(what's|what is) the point (of living|anymore|of going on|of life)",
      "(i'm|i am) a burden",
      "(?<=(everyone|everybody|my family|my kids|they|the world|people) (would|will) be )better",
      "(goodbye|suicide) (note~|letter~)",
      "(this is|saying) (my )?goodbye",
      "giving away (my|all my) (stuff|things|belongings|possessions)",
      "won't be (here|around) (much longer|tomorrow|anymore|by morning)",
      "by the time you read this",
      "when i'm gone",
      "never wake up",
      "(go to sleep|fall asleep) and (not|never) wake up",
      "(slit|slash~|cut) (my|his|her) (wrist~|throat)",
      "how many {g}(pills|tablets|tylenol|sleeping pills) {g}(to die|would it take|does it take|to kill|to end|is lethal|is fatal)",
      "(lethal|fatal) (dose|amount)",
      "(can't|cannot) go on (living|like this|anymore)",
      "life (isn't|is not) worth",
      "(jump|jumping) (off|from|in front of) (the|a) (bridge|building|roof|train|ledge|overpass|cliff)",
      "noose",
      "(plan~|planning|going|gonna|about|ready) to (take|swallow) (them |it |every one |all of them )?(all|at once|the whole bottle|every (last )?one)",
    ],
    es: [
      "(quiero|quisiera|queria|quiere|pienso) {g}(morir~|matar~|suicid~|desaparecer para siempre|dejar de existir|acabar con (todo|mi vida))",
      "(me quiero|se quiere) (morir|matar|suicidar)",
      "(me voy a|se va a) (matar|suicidar)",
      "matarme",
      "suicid~",
      "quitarme la vida",
      "quitarse la vida",
      "quitar (me |se )?la vida",
      "acabar con (mi|su) vida",
      "no (quiero|quiere) (vivir|seguir viviendo|despertar|seguir aqui|estar vivo|estar viva)",
      "(estarian|estaran|estan) mejor sin (mi|el|ella)",
      "mejor (muerto|muerta)",
      "no vale la pena vivir",
      "no tengo (razon|motivo|por que|para que) (para )?vivir",
      "(hacerme|hacerse|me hago|se hace) dano",
      // "Me corte el dedo picando cebolla" is a kitchen cut, not self-harm.
      "(cortarme|me corto|me corte|se corta|se corto)(?! (el|la|un|una) (dedo~|dedito~|pulgar|pie|labio|menton|rodilla|una|cara|frente|lengua|pelo|cabello))(?! (con|en) (un|una|el|la) (papel|hoja|lata|vidrio|abrelatas|tijera~|cuchillo de cocina|cocina))(?! (cocinando|pelando|picando|afeitandome|rasurandome))(?! (el|la|un|una) [a-z]+ con (un|una) (papel|hoja|lata|vidrio))(?! (el|la) [a-z]+ con (un|una) (papel|hoja|lata|vidrio)) {g}(las venas|las munecas|los brazos)?",
      "(carta|nota) de despedida",
      "esta es mi despedida",
      "(me quiero|quiero) ir para siempre",
      "(tirarme|aventarme|lanzarme) (de|del|desde) (un|el|la) (puente|edificio|techo|azotea)",
      "cuantas pastillas {g}(para morir|se necesitan|son mortales|me matarian)",
    ],
  },
  {
    name: "despair",
    en: [
      "(can't|cannot) (do this|take (it|this)|handle (it|this)|keep going) (anymore|any longer)",
      "(can't|cannot) go on",
      "hopeless",
      "(don't|do not|can't|cannot) see (the|a|any) point",
      "no way out",
      "(give|giving) up on (life|everything)",
      "(done|finished) with (life|everything|it all)",
      "(don't|do not|dont) want to (do this|be here|go on|keep going|keep doing this|try|exist|feel this way) (anymore|any more|any longer)",
      "(want|need) (it|this|everything) (all )?to (end|stop|be over)",
      "(i'm|i am|im) (so |just )?done( with (everything|life|it all|all of (this|it)|living))?(?![^a-z0-9.!?\\n]{0,3}[a-z])",
    ],
    es: [
      "ya no (aguanto|puedo) mas",
      "no (aguanto|puedo) mas",
      "sin esperanza",
      "no hay salida",
      "ya me canse de (vivir|todo)",
      "ya no quiero (hacer esto|seguir)",
      "quiero que (todo|esto) (se acabe|termine|se termine)",
      "estoy (hart[oa]|cansad[oa]) de (todo|vivir)",
    ],
  },
  {
    name: "means_at_hand",
    en: [
      "(have|got|bought|saved|stockpil~|collect~|hoard~|holding|counted|lined up|sorted|gathered) {g}(pills|tablets|gun|rope|knife|razor|blades|pistol|firearm|rifle|the bottle|my meds|all my meds|all my pills|all of my pills|sleeping pills)",
      "(pills|gun|rope|knife|razor|pistol|meds) {g}(here|ready|in (my|front of me|hand)|next to me|loaded|with me)",
      "(loaded|cocked) (the|a|my) (gun|pistol|rifle)",
      "(gun|pistol) (in my (hand|mouth)|to my head)",
      "(standing|sitting) on (the|a) (bridge|ledge|roof|edge|railing|tracks)",
      "(on|at) the (bridge|ledge|edge|railing|tracks) (right )?now",
      "(going|gonna|plan~) to (take|swallow) (them )?(all|the whole bottle|every)",
    ],
    es: [
      "(tengo|tiene|junte|guarde|compre) {g}(las pastillas|pastillas|una pistola|un arma|la cuerda|una cuerda|un cuchillo|navaja)",
      "(pastillas|pistola|arma|cuerda|cuchillo) {g}(aqui|lista~|en la mano|conmigo|cargada)",
      "(estoy|esta) en (el|la) (puente|azotea|orilla|techo)",
      "(voy|va) a tomar(me|se)? todas",
    ],
  },
  {
    name: "attempt_underway",
    en: [
      `(took|swallowed|taken|drank|downed|overdosed) {g6}(to (die|end (it|my life|things)|kill ${SELF})|so (i|he|she) (can|could|would|will) die|and (want|wants|wanna) to die)`,
      `(tried|trying|attempted|attempting) to (kill|hang|drown|poison|shoot|off) ${SELF}`,
      "(attempted|attempting) suicide",
      "(cut|slit|slashed) (my|his|her) wrists",
      "(hanged|hanging) (himself|herself|myself)",
      `(cut|cutting) ${SELF} {g}(deep|won't stop bleeding|bleeding (a lot|badly))`,
    ],
    es: [
      "(me tome|se tomo|me trague|se trago|tome|tomo) {g6}para (morir~|matar~|suicidar~|no despertar|acabar)",
      "(intento|intente|esta intentando) (matarse|matarme|suicidarse|suicidarme|quitarse la vida|ahorcarse)",
      "(se corto|me corte) las venas",
      "se (ahorco|colgo)",
    ],
  },
  // ---------- overdose / poisoning ----------
  {
    name: "ingestion",
    en: [
      `(took|taken|swallowed|swallow|ate|eaten|drank|drunk|downed|popped|chugged|ingested|had) (way |far |much |like )?${QTY} {g}${MEDS}`,
      "(took|taken|swallowed|downed|drank|drunk|chugged|emptied) (a|the|half (a|the)) (whole|entire|full)? ?(bottle|pack|box|sleeve|strip)",
      `(took|taken|swallowed|downed|ate|eaten) (all|the rest) of (the|his|her|my|their|grandma's|grandpa's|mom's|dad's) ${MEDS}`,
      `(took|taken|swallowed|ate|eaten|drank|downed|popped|ingested) {g4}${MEDS} {g}(by (mistake|accident)|accidentally|too many|too much|extra|twice|double|all at once|at once)`,
      `(accidentally|mistakenly|by mistake) (took|taken|swallowed|gave|given|double dosed|drank|ate) {g6}${MEDS}`,
      `(took|taken|gave|given|had) {g2}(double|triple) dos~`,
      "double dosed",
      `(gave|given) (him|her|them|my \\w+) {g}(the wrong|too much|too many|double|twice|an adult|the adult) {g}${MEDS}`,
      `(took|taken|used|snorted|smoked|injected|shot up|did|bought) {g2}(fentanyl|heroin|meth|cocaine|opioids|percs|xanax bars|pressed pills|street pills|ketamine|ghb)`,
      `(swallowed|ate|eaten|drank|drunk|ingested|sipped|licked|chewed|bit into|got into|drinking|eating|swallowing) {g4}${TOXIC}`,
      "overdos~",
      "od'd",
      "od'ed",
      "(?<!(food|blood|lead) )poison(ed|ing)",
      `(splash~|spray~|squirt~|got|spilled|sprayed) {g4}${TOXIC} {g}(in|into) (my|his|her|their|the) (eye|eyes|mouth)`,
      `${TOXIC} {g}(splash~|spray~|got|went) (in|into) (my|his|her|their|the) (eye|eyes)`,
    ],
    es: [
      `(se tomo|me tome|tomo|tome|se trago|me trague|trago|comio|se comio|bebio|se bebio|ingirio)(?! (la|el|mi|su) (tension|presion|temperatura|pulso|azucar|glucosa|saturacion|oxigeno|fiebre)) {g4}(todas|todo el frasco|el frasco|muchas|demasiad~|\\d{2,}|un punado|varias|las pastillas|pastillas|medicina~|medicamento~|cloro|blanqueador|lejia|veneno|pila~|bateria~|detergente|insecticida|raticida|anticongelante|gasolina|quimic~|limpiador~|hongos)`,
      "sobredosis",
      "(cloro|blanqueador|lejia|quimico|limpiador) {g}(en|a) (el|los|su|mi|sus|mis) ojo~",
      "intoxicad~",
      "intoxicacion",
      "envenen~",
      "(se tomo|tomo|se trago|trago|se comio) {g}(las |mis |sus )?(pastillas|medicinas|pildoras) (de|del) (su |mi )?(abuel~|mama|papa|tia|tio)",
    ],
  },
  {
    name: "child_ingestion",
    en: [
      `${CHILD} {g6}(swallowed|ate|eaten|drank|drunk|got into|chewed|bit into|licked|took|has taken|sucked on) {g4}(${MEDS}|${TOXIC})`,
      `${CHILD} {g6}swallowed (something|a (coin|magnet|battery|pill))`,
      `${CHILD} {g6}got into (the|my|his|her|grandma's|grandpa's|mom's|dad's) (pills|meds|medicine~|medicine cabinet|purse|cleaning supplies|cabinet under the sink)`,
    ],
    es: [
      "(hijo|hija|nino|nina|bebe|nieto|nieta|sobrino|sobrina) {g6}(se tomo|tomo|se trago|trago|se comio|comio|bebio|se bebio|mordio|chupo) {g4}(pastillas|medicina~|pildoras|cloro|blanqueador|lejia|veneno|pila~|bateria~|detergente|jabon de ropa|capsula~ de detergente|imanes|iman|algo (del|de la|de su))",
    ],
  },
  {
    name: "battery_magnet",
    en: [`${SWALLOWED} {g4}${BATTERY_MAGNET}`],
    es: [`(se trago|me trague|trago|se comio|me comi|comio|ingirio) {g4}(una |un |unas |unos |la |las |el |los )?(pila~|bateria~|iman|imanes)`],
  },
  {
    name: "child_corrosive",
    en: [
      `${CHILD} {g6}(swallowed|ate|eaten|drank|drunk|got into|chewed|bit into|licked|took|sucked on|sipped|ingested) {g4}${CORROSIVE}`,
      ...CHILD_AGE.map((age) => `${age} {g6}(swallowed|ate|eaten|drank|drunk|got into|chewed|bit into|licked|took|sucked on|sipped|ingested) {g4}${CORROSIVE}`),
    ],
    es: [`${CHILD_ES} {g6}${GULPED_ES} {g4}${CORROSIVE_ES}`],
  },
  {
    // Opioids and street drugs stop breathing: an overdose on them is a 911 call, not a phone consult.
    name: "opioid_overdose",
    en: [
      "(overdos~|od'd|od'ed|o\\.d\\.'?d) {g3}(heroin|fentanyl|opioid~|opiate~|oxy~|percocet|percs|morphine|methadone|street (drugs|pills)|pressed pills|xanax bars|meth|cocaine)",
      "(heroin|fentanyl|opioid|opiate) (overdose|od)",
    ],
    es: ["sobredosis {g3}(heroina|fentanilo|opioide~|opiaceo~|droga~|cocaina|metanfetamina)"],
  },
  {
    name: "carbon_monoxide",
    en: ["(carbon monoxide|co) (poison~|alarm|detector|leak)", "carbon monoxide"],
    es: ["monoxido de carbono"],
  },
  {
    name: "naloxone",
    en: ["(gave|give|giving|used|use|sprayed) {g}(narcan|naloxone)", "(narcan|naloxone) {g}(didn't|isn't|not|did not) (work~|help~)"],
    es: ["(le di|le puse|use|le aplique) {g}(narcan|naloxona)"],
  },
  {
    name: "danger_after_ingestion",
    en: [
      "(won't|will not|can't|cannot|doesn't|isn't|not) (wake~|respond~|stay awake|breathe|breathing)",
      "(breathing|breath~) {g}(slow~|shallow|weird|funny|strange|stopped|barely)",
      "(lips|face) {g}(blue|purple|gray|grey)",
      "unconscious",
      "unresponsive",
      "seiz~",
      "convuls~",
      "passed out",
      "(very|really|so) (sleepy|drowsy|out of it)",
      "foaming at the mouth",
      "pinpoint pupils",
    ],
    es: ["no (responde|despierta|reacciona|respira)", "inconsciente", "respira (lento|poco|raro|apenas)", "convulsi~", "(labios|cara) {g}(morad~|azul~)", "muy (dormid~|somnolient~)", "se desmayo"],
  },
];

export const MENTAL_TOXIC_RULES: readonly RuleSpec[] = [
  { id: "suicide.ideation", family: "suicide", action: "988", all: [["suicidal"]] },
  { id: "suicide.despair_with_means", family: "suicide", action: "911", all: [["despair", "suicidal", "suicide_indirect"], ["means_at_hand"]], window: 300, priority: 2 },
  { id: "suicide.attempt_underway", family: "suicide", action: "911", all: [["attempt_underway"]], priority: 3 },
  { id: "suicide.intentional_ingestion", family: "suicide", action: "911", all: [["suicidal", "despair", "suicide_indirect"], ["ingestion", "child_ingestion"]], window: 300, priority: 3 },
  { id: "overdose.ingestion", family: "overdose", action: "poison", all: [["ingestion"]] },
  { id: "overdose.child_ingestion", family: "overdose", action: "poison", all: [["child_ingestion"]], priority: 1 },
  { id: "overdose.with_danger_signs", family: "overdose", action: "911", all: [["ingestion", "child_ingestion"], ["danger_after_ingestion"]], window: 300, priority: 4 },
  { id: "overdose.battery_or_magnet", family: "overdose", action: "911", all: [["battery_magnet"]], priority: 2 },
  { id: "overdose.child_corrosive", family: "overdose", action: "911", all: [["child_corrosive"]], priority: 2 },
  { id: "overdose.opioid_or_street_drug", family: "overdose", action: "911", all: [["opioid_overdose"]], priority: 3 },
  { id: "overdose.carbon_monoxide", family: "overdose", action: "911", all: [["carbon_monoxide"]], priority: 3 },
  { id: "overdose.naloxone_given", family: "overdose", action: "911", all: [["naloxone"]], priority: 4 },
];
