/**
 * Clause qualifiers: whether a cue inside a clause is negated, remote history, recent history,
 * chronic, hypothetical, educational, fictional or the reason for a past visit (safety.md §1).
 * Everything is scoped to the clause that holds the cue (fiction to its sentence), never the message.
 * Evaluated lazily, only for clauses that hold a cue, so a long routine paste costs nothing here.
 */
import { rangeIndex, wordAt, type Segments } from "./segment";

export interface ClauseFacts {
  remotePast: boolean;
  recentPast: boolean;
  /** "right now", "today", "minutes ago": overrides history and chronicity. */
  present: boolean;
  /**
   * Offset of the last "right now", "currently", "ahora mismo" in the clause, or -1. After a hypothetical
   * marker it overrides it ("if someone like me, right now, had…"); before it, it does not ("we're
   * currently learning what to do if…").
   */
  immediateAt: number;
  chronic: boolean;
  /** Offset (in the message) of the first marker of each kind in the clause, or -1. */
  hypotheticalAt: number;
  educationAt: number;
  /** Offsets of every bill / claim / past-visit marker in the clause. */
  visits: number[];
}

const W = (body: string): RegExp => new RegExp(`(?:^|[^a-z0-9'])(?:${body})(?![a-z0-9])`);

const MONTHS = "january|february|march|april|june|july|august|september|october|november|december";
const MESES = "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre";
const NUM = "\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|many|a few|few|couple of|a couple of|some";
const NUM_ES = "\\d+|un|una|unos|unas|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|varios|varias|muchos|muchas";
// Past events whose mention marks history. Deliberately not "fall", "accident" or "surgery": symptoms
// after a recent fall or operation are exactly when the gate must fire.
const EVENT =
  "stroke|strokes|heart attack|heart attacks|seizure|seizures|overdose|tia|mi|concussion|aneurysm|brain bleed|cardiac arrest|anaphylactic reaction|miscarriage|clot|pulmonary embolism|pe|dvt|suicide attempt|attempt|bypass|stent";
const EVENTO = "derrame|infarto|ataque|convulsion|convulsiones|embolia|sobredosis|intento|aborto";

const REMOTE_PAST = W(
  [
    "(?:in|back in|around|during|from) (?:19|20)\\d\\d",
    `(?:${NUM}) (?:years?|yrs?|months?|decades?) (?:ago|back|earlier|before)`,
    "years (?:ago|back|earlier)",
    "last (?:year|month|spring|summer|fall|autumn|winter|christmas|thanksgiving|easter)",
    `(?:in|back in|last|this past) (?:${MONTHS})`,
    "history of",
    "h/o",
    "hx of",
    `(?:previous|prior|past|old|earlier|former) (?:\\w+ )?(?:${EVENT})`,
    "used to",
    "when (?:i|he|she|we|they) (?:was|were) (?:a|an|in|younger|little|young|small)",
    "as a (?:kid|child|baby|teen|teenager|toddler)",
    "childhood",
    `(?:after|since|following|from|post) (?:my|his|her|their|the|our|your) (?:\\w+ )?(?:${EVENT})`,
    "post[- ]?(?:stroke|mi|op|surgery|concussion|seizure|ictal)",
    "(?:recovered|recovering|recovery|rehab) from",
    "surviv(?:ed|or|ors|ing)",
    `(?:had|suffered|survived|has had|have had|had had) (?:a|an|his|her|my|two|three|several|multiple|one|another|some) (?:\\w+ )?(?:${EVENT})`,
    "(?:died|passed away|passed|dying) (?:of|from|after|because|by)",
    "died by suicide",
    "(?:was|were|got) (?:diagnosed|hospitalized|admitted|discharged)",
    "(?:at|age) (?:age )?\\d\\d(?: years old)?,? (?:he|she|i|my)? ?(?:had|suffered)",
    "in the past",
    "(?:in|during|back in) the (?:19|20)?\\d0'?s",
    "(?:back )?in (?:high school|college|middle school|grade school|elementary school|university|my (?:teens|twenties|thirties|20s|30s|youth))",
    "when (?:i|he|she|we|they) (?:was|were) (?:a |an )?(?:\\d+|teen\\w*|kid|child|baby|toddler|in (?:high school|college|school))",
    "(?:as a|as an) (?:teen\\w*|adolescent|infant|young (?:man|woman|adult))",
    "with (?:my|her|his|our) (?:first|last|previous|older|oldest|second|other)(?: (?:baby|pregnancy|child|son|daughter|one|kid|delivery|birth))?",
    "(?:over|during) the (?:summer|winter|holidays|spring)",
    "this past (?:summer|winter|spring|fall|autumn|year)",
    "at the time|back then|at that time",
    "(?:had|has had|have had|suffered) (?:anaphylaxis|anaphylactic shock|seizures|strokes)",
    "(?:he|she|i|we|they)'d (?:swallowed|taken|eaten|drunk|had|been|fallen|choked|overdosed|cut)",
    "en el (?:19|20)\\d\\d",
    "de (?:chamaco|chamaca|chavo|chava|adolescente|bebe|nene|nena|muchacho|muchacha|chiquito|chiquita)",
    "cuando (?:tenia|tenias|tenian) \\d+",
    "con (?:mi|su) (?:primer|primera|anterior|otro|otra) (?:embarazo|bebe|hijo|hija|parto)",
    "en (?:ese|aquel) entonces|en aquel (?:momento|tiempo)",
    `hace (?:${NUM_ES}) (?:anos?|meses|mes|decadas?)`,
    "el ano pasado",
    "(?:en|desde) (?:19|20)\\d\\d",
    `en (?:${MESES})`,
    "antecedentes?",
    "(?:historial|historia) de",
    "cuando (?:era|eramos|eran) (?:nino|nina|ninos|joven|jovenes|chico|chica|pequeno|pequena)",
    "de (?:nino|nina|joven|pequeno|pequena|chico|chica)",
    `(?:tuve|tuvo|tuvieron|sufrio|sufri|ha tenido|he tenido) (?:un|una|dos|varios|varias) (?:\\w+ )?(?:${EVENTO})`,
    `(?:despues|desde|tras) (?:de )?(?:mi|su|el|la) (?:\\w+ )?(?:${EVENTO})`,
    "(?:murio|fallecio|fallecida|fallecido) (?:de|por)",
    "solia",
    "sobreviv\\w*",
    "el (?:mes|verano|invierno|otono) pasado",
  ].join("|"),
);

const RECENT_PAST = W(
  [
    "(?<!since )(?<!since last )yesterday",
    "last (?:night|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
    `(?:${NUM}) (?:days?|weeks?|nights?) ago`,
    "the other (?:day|night|week)",
    "earlier this week",
    "over the weekend",
    "(?<!desde )ayer",
    "(?<!desde )anoche",
    "la semana pasada",
    `hace (?:${NUM_ES}) (?:dias?|semanas?|noches?)`,
    "el otro dia",
    "antier|anteayer",
    "el fin de semana",
  ].join("|"),
);

const PRESENT = W(
  [
    "right now",
    "(?<!(?:fine|ok|okay|good|better|clean|sober|well|healthy|stable|great|normal|recovered|\\d\\d?|years old) )now",
    "currently",
    "at the moment",
    "at this moment",
    "this (?:minute|second|instant)",
    "as we speak",
    "as i (?:type|write|am typing)",
    "again",
    "just now",
    "just (?:had|started|happened|began|took|swallowed|collapsed|passed|fell|hit|ate|drank)",
    "happening",
    "this (?:morning|afternoon|evening)",
    "today",
    "tonight",
    "(?:\\d+|a few|few|ten|twenty|thirty|fifteen|five) (?:min|mins|minutes|hours?|hrs?) ago",
    "an hour ago",
    "(?:just|only) (?:started|happened|began)",
    "ahora",
    "ahorita",
    "en este momento",
    "hoy",
    "esta (?:manana|noche|tarde)",
    "hace (?:un rato|poco|(?:\\d+|unos|unas|cinco|diez|veinte|quince) (?:minutos|horas)|una hora|media hora)",
    "acaba de",
    "acabo de",
  ].join("|"),
);

const IMMEDIATE = W(
  [
    "right now",
    "currently",
    "at the moment",
    "at this (?:very )?moment",
    "as we speak",
    "as i (?:type|write|am typing|am writing)",
    "this (?:very )?(?:minute|second|instant)",
    "ahora mismo",
    "ahorita mismo",
    "justo ahora",
    "en este (?:momento|instante)",
    "en estos momentos",
  ].join("|"),
);

const CHRONIC = W(
  [
    "for (?:the past |the last |about |over |almost |nearly )?(?:\\d+|a|an|one|two|three|four|five|six|few|a few|couple|a couple of|several|many) (?:weeks?|months?|years?)",
    "for (?:weeks|months|years|ages|a while|a long time|some time)",
    "on and off",
    "off and on",
    "sometimes",
    "occasionally",
    "often",
    "usually",
    "every (?:day|morning|night|time|week|month|now and then|so often)",
    "from time to time",
    "now and then",
    "chronic(?:ally)?",
    "recurring",
    "recurrent",
    "on occasion",
    "most days",
    "when(?:ever)? (?:i|he|she|they) (?:walk|climb|exercise|run|work out|exert|bend|stand up|eat|cough|sneeze)\\w*",
    "(?:a|one|1) week",
    `desde hace (?:${NUM_ES})? ?(?:semanas?|meses|mes|anos?)`,
    `hace (?:${NUM_ES}) semanas`,
    "a veces",
    "de vez en cuando",
    "seguido",
    "cronic[oa]",
    "todos los dias",
    "cada (?:dia|manana|noche|semana)",
    "ultimamente",
    "frecuentemente",
    "durante (?:semanas|meses|anos)",
    "(?:una|1) semana",
    "whenever (?:i|he|she|they) (?:cut|cuts|bump|bumps|get|gets)",
    "cuando (?:se|me|te|le) (?:corta|cortaba|corto|golpea|golpeaba|lastima|lastimaba)",
  ].join("|"),
);

const HYPOTHETICAL = W(
  [
    "^ ?if",
    "^ ?(?:and|but|so) if",
    "what (?:if|about if|happens if|happens when)",
    "what (?:should|do|would|can|could|must|to) (?:i|we|you|one|a person|someone|people|parents|caregivers)? ?do (?:if|when|in case)",
    "what to do (?:if|when|in case)",
    "in case",
    "(?:watch|look|keep an eye|monitor|check|call) (?:out )?for",
    "suppose|supposing",
    "hypothetically",
    "would it be",
    "when (?:should|do|would|to) (?:i|we|you|someone|people)? ?(?:call|go|seek|get|worry)",
    "(?:risk|chance|chances|odds) (?:of|for)",
    "(?:can|could|does|do|will|would|might|may) (?:\\w+ ){0,4}(?:cause|causes|lead to|trigger|increase|raise|lower|prevent|reduce)",
    "(?:how|what) (?:to|do i|can i|should i|would i) (?:prevent|avoid|lower|reduce)",
    "is it (?:normal|possible|common|true|safe|okay|ok) (?:for|to|that|if)",
    "(?:prevent|prevents|preventing|avoid|avoiding)",
    "que (?:pasa|pasaria|hago|hacer|debo hacer|hacemos|debemos hacer|se debe hacer|hay que hacer|se hace|deberia hacer) (?:si|cuando|en caso)",
    "(?:si|cuando) (?:a )?(?:alguien|una persona)",
    "en caso de",
    "por si",
    "supongamos",
    "cuando (?:debo|debemos|hay que|se debe) (?:llamar|ir|preocupar)",
    "(?:riesgo|probabilidad) de",
    "(?:puede|pueden|podria|podrian) (?:causar|provocar|dar)",
    "(?:prevenir|evitar)",
  ].join("|"),
);

const EDUCATION = W(
  [
    "(?:signs?|symptoms?|warning signs?|red flags?|indicators?|causes?|risk factors?|complications|stages|types|treatments?|statistics|rates?) (?:of|for)",
    "how (?:do|can|would|should|does) (?:i|you|we|one|someone|people|a person) (?:know|tell|recognize|spot|identify|distinguish|differentiate)",
    "how to (?:know|tell|recognize|spot|identify|respond|help|handle)",
    "what (?:is|are) (?:a|an|the)",
    "what does (?:a|an|the)",
    "what do(?:es)? (?:\\w+ ){0,4}(?:feel|look|mean|sound) like",
    "what causes",
    "explain",
    "define|definition",
    "difference between",
    "learn(?:ing)? (?:about|more)",
    "teach me",
    "for (?:my|a|our|the) (?:class|essay|paper|presentation|exam|homework|quiz|course|report|project|training|assignment|lecture|study guide|test|thesis|research)",
    "nursing (?:school|student|exam|class)",
    "(?:first aid|cpr) (?:class|course|training|certification)",
    "quiz",
    "is it true that",
    "^ ?(?:is|are|can|does|do|could) (?:\\w+ ){1,3}(?:always|usually|ever|normally|typically|necessarily|often)",
    "how common",
    "how many people",
    "pamphlet|poster|brochure|flyer|handout|infographic",
    "(?:sintomas|signos|senales|senales de alarma|causas|factores de riesgo|complicaciones|tipos) (?:de|del)",
    "como (?:saber|reconocer|identificar|distinguir|se siente|se ve|se reconoce)",
    "que (?:es|son) (?:un|una|el|la|los|las)",
    "que causa",
    "explica\\w*",
    "para (?:mi|una|la|el) (?:clase|tarea|presentacion|examen|escuela|curso|trabajo escolar|proyecto)",
    "aprender (?:sobre|mas)",
    "folleto|cartel",
    "(?:like|want|trying|try|help me|helps? me) to understand|understand (?:what|how) (?:\\w+ ){1,3}(?:means|works)",
    "what (?:does|do|did) (?:\\w+ ){1,3}(?:even )?mean",
    "what (?:\\w+ ){1,3}means",
    "how (?:i|you|we|one) (?:know|tell|recognize|spot|identify)",
    "how (?:does|do|can|would) (?:\\w+ ){1,4}(?:happen|occur|develop)",
    "(?:content|trigger) warnings?",
    "(?:form|forms|questionnaire|intake|doctor|doctors|nurse|they|psychiatrist|therapist) (?:\\w+ ){0,2}(?:asks?|asked|asking) (?:me )?(?:about|if|whether)",
    "(?:upload|print|fill out|update|copy of|find|submit|sign|subir|imprimir|llenar) (?:[a-z0-9']+ ){0,4}(?:action plan|plan de accion)",
    "que (?:sintomas|signos|senales) (?:da|dan|tiene|causa|produce)",
    "como se (?:detecta|detectan|previene|evita|nota)",
    "que le pasa (?:al cuerpo|a una persona|a alguien)",
    "tarea (?:de|sobre)",
  ].join("|"),
);

const VISIT = W(
  [
    "(?:the|a|my|an|this|that|his|her|our|their|hospital|er|ed|ambulance|medical|surprise|este|esta|el|la|mi) bills?",
    "visit to (?:the |an |a )?(?:\\w+ ){0,2}(?:er|ed|emergency room|emergency department|hospital|urgent care)",
    "billed|billing|invoice|statement|claim|claims|eob|explanation of benefits|copay|co-pay|deductible|coinsurance|out of pocket|coverage|reimburs\\w*|denial|appeal|prior auth\\w*|preauthoriz\\w*|in-network|out-of-network|coded|billing code|insurance|insurer",
    "(?:insurance|plan|medicaid|medicare|insurer) (?:\\w+ )?(?:cover|covers|covered|pay|pays|paid|won't pay|denied|refused)",
    "covered by",
    "(?:from|at|in) the (?:er|ed|emergency room|emergency department|hospital|urgent care|ambulance)",
    "(?:er|ed|hospital|discharge|visit|after-visit|urgent care) (?:records?|notes?|reports?|papers?|paperwork|summary|summaries|instructions)",
    "(?:medical )?(?:records|chart|notes|report|summary|discharge summary|paperwork|labs|results) (?:from|of|for)",
    "(?:went|been|was|were|got) (?:\\w+ ){0,3}(?:to|at|in) (?:the |an |a )?(?:er|ed|emergency room|emergency department|emergency|hospital|urgent care|ambulance)",
    "(?:rushed|admitted|seen|treated|visited) (?:\\w+ ){0,2}(?:the |an |a )?(?:er|ed|emergency room|emergency department|hospital|urgent care)",
    "(?:er|ed|emergency room|hospital|urgent care|ambulance) (?:visit|trip|stay|ride|admission)",
    "factura|facturas|cuenta del hospital|cobraron|cobro|cobros|reclamo|reclamacion|seguro|aseguranza|deducible|copago|cobertura|reembolso|negaron",
    "(?:fui|fue|fuimos|llevaron|me llevaron|lo llevaron|la llevaron|estuve|estuvo) (?:\\w+ ){0,2}(?:a |en )?(?:urgencias|emergencias|el hospital|la sala de emergencias)",
    "visita (?:a|en) (?:urgencias|emergencias)",
  ].join("|"),
);

const FICTION = W(
  [
    "(?:in|on) (?:the|a|my|this|that|our) (?:(?:radio|tv|animated|horror|crime|medical|hospital|soap|latest|new) )?(?:movie|film|novel|book|story|episode|tv show|show|series|play|video game|comic|screenplay|script|sitcom|soap opera|telenovela|drama|anime|cartoon|musical|podcast)",
    "(?:for|in) (?:my|our) (?:\\w+ )?(?:novel|story|book|script|screenplay|play|fanfic|comic|murder mystery|mystery|thriller)",
    "(?:writing|write|wrote) (?:a|an|my|the) (?:\\w+ )?(?:novel|story|book|script|screenplay|scene|poem|play|fanfic|murder mystery|mystery|thriller)",
    "(?:making|writing) (?:a|the|our|my) (?:school )?(?:play|skit|musical)(?: for school)? (?:where|in which|about)",
    "amateur dramatics|(?:in|on) minecraft|(?:in|on) fortnite|(?:in|on) roblox|dnd|d&d|(?:video )?game question",
    "(?:my|a|the|this) (?:novel|story|screenplay|script|fanfic|book|play|short story) (?:i'm|i am|im) (?:writing|working on)",
    "(?:i'm|i am|im) writing (?:a|my|the) (?:novel|story|book|script|screenplay|scene|poem|play|short story|fanfic)",
    "(?:the|my|a|main|this|that|our|your|lead|one) (?:\\w+ )?characters?",
    "fictional|fiction",
    "plot",
    "protagonist",
    "villain",
    "(?:en|dentro de) (?:la|el|una|un|mi) (?:pelicula|novela|serie|obra|libro|cuento|episodio|guion|videojuego|telenovela|caricatura)",
    "personaje|personajes",
    "ficcion",
    "estoy escribiendo (?:una|un|mi) (?:novela|cuento|historia|guion|libro|obra)",
    "para (?:mi|un|una|nuestra|nuestro) (?:cuento|novela|guion|obra|libro)",
    "(?:hace|hacen|hacemos|escribo|escribi) una obra (?:donde|en la que|sobre)|taller de escritura",
    "(?:writing|roleplay|rp) (?:discord|server|group)|hospital au|board game|(?:the|a) card says|drama class|(?:for|in) (?:a|my|our|the) (?:school )?play\\b|(?:my|a) podcast|(?:para|de) (?:mi|un) podcast|(?:un|el) (?:video|comic) (?:de|donde)|(?:haciendo|hago) un comic|(?:vi|vimos) (?:una|la) pelicula|hace teatro|(?:le toca|me toca) hacer de",
  ].join("|"),
);

/**
 * A training, exam or role-play frame ("first aid class scenario: someone is choking", "Test question:",
 * "pretend you're a nurse", "nos pusieron este caso"): it frames everything after it in the message,
 * unless the cue's clause says it is happening right now. "This is not a drill" is no frame.
 */
const FRAME = W(
  [
    "(?<!not (?:a |an )?|worst[- ]case |best[- ]case )(?:scenario|scenarios|case study|practice (?:question|scenario|case|exam|test|quiz))",
    "(?:test|exam|quiz|homework|course|class|training|practice|review) questions?",
    "(?:the|my|a|our) (?:\\w+ )?(?:question|homework|quiz|worksheet|assignment) (?:asks|says|is)",
    "quiz|(?:emt|cpr|bls|first aid|lifeguard|nursing) homework|recert\\w*|mock (?:exam|drill|code)",
    "(?:nursing assistant|cna|emt|nursing|first aid|cpr|wilderness first aid|babysitting) (?:homework|class|course|exam|test)|(?:choking|fire|cpr) drill|(?:in|for) my (?:cpr|first aid|nursing|cna|emt) (?:class|course)|(?:examen|test) de (?:cna|enfermeria)|(?:clase|curso) de (?:enfermeria|ninera|primeros auxilios|rcp|cuidadora?s?)|(?:caso|tarea) de (?:la )?clase|es tarea|estudiando para certificarme|certificarme de",
    "role[- ]?play\\w*|pretend (?:you|you're|i|i'm|we|we're|that|to be (?:a|an|the|my))|(?:just|only|purely) for practice|practic\\w* (?:my|our) (?:english|spanish)",
    "caso (?:practico|clinico|hipotetico)|simulacro|(?:nos|me|les) (?:pusieron|dieron|plantearon|pusieron) (?:este|el|un|una) (?:caso|escenario|ejercicio)",
    "la pregunta (?:dice|es)|pregunta del examen|examen del curso|tengo (?:el )?examen|examen (?:de|del) (?:primeros auxilios|rcp|socorrista|curso)|juego de rol|(?:es|solo|nomas) para practicar|hagamos de cuenta|finge que|imagina que",
    "(?:escenario|supuesto|ejercicio) (?:de practica|practico|del (?:taller|curso))|examen de (?:socorrismo|primeros auxilios|rcp)|(?:taller|curso|formacion|certificacion) de (?:rcp|primeros auxilios|socorrismo|cuidadores)|(?:para|en) (?:el|la|mi) (?:curso|taller|formacion|certificacion)",
  ].join("|"),
);

/** A bill, charge or claim anywhere in the message: a cue told in the past tense is the visit's reason. */
const BILLING = W(
  "bills?|billed|billing|invoice|collections|claim|claims|eob|explanation of benefits|(?<!in )charges?|charged|copay|deductible|facility fee|factura|facturas|cobro|cobros|cobraron|reclamo",
);
const PAST_MARK = W(
  "was|were|(?<!(?:'ve|have|has|'s|i) )had|(?:he|she|i|we|they)'d (?!like|love|rather|better|prefer|want)|estaba|estaban|estuve|estuvo|tuve|tuvo|tenia|fue|fui|last (?:week|night|month|year)|(?:days?|weeks?|months?) ago",
);
/** A present-tense verb: a clause that has one does not inherit the past of the clause before it. */
const PRESENT_TENSE = W(
  "am|is|are|i'm|im|he's|she's|it's|they're|we're|you're|isn't|aren't|can't|cannot|can|won't|keeps?|still|has|have|don't|doesn't|hurts?|feels?|looks?|seems?|getting|gets|need|needs|tengo|tiene|tienen|esta|estoy|estan|siento|siente|sigue|sigo|puede|puedo|duele|duelen|hay|es|son|va|voy|ando|anda",
);

/** "…, but …", "pero …": a contrast turns away from the past of the clause before it. */
const CONTRAST_START = /^[^a-z0-9]*(?:but|however|although|though|whereas|except|actually|anyway|anyways|update|meanwhile|pero|aunque|sino|excepto|mientras|sin embargo)(?![a-z0-9])/;

export function frameAt(text: string): number {
  return firstIndex(FRAME, text);
}

export function hasBilling(text: string): boolean {
  return BILLING.test(text);
}

/** Whether a clause can take the past of the clause before it in its sentence (no present-tense verb). */
export function canInheritPast(text: string, from: number, to: number): boolean {
  const clause = text.slice(from, to);
  return !CONTRAST_START.test(clause) && !PRESENT.test(clause) && !PRESENT_TENSE.test(clause);
}

export function isPastTold(text: string, from: number, to: number): boolean {
  return PAST_MARK.test(text.slice(from, to));
}

const VISIT_ALL = new RegExp(VISIT.source, "g");
const IMMEDIATE_ALL = new RegExp(IMMEDIATE.source, "g");

function firstIndex(re: RegExp, text: string): number {
  const m = re.exec(text);
  return m ? m.index : -1;
}

function lastIndex(re: RegExp, clause: string, from: number): number {
  let last = -1;
  for (const m of clause.matchAll(re)) last = from + m.index;
  return last;
}

export function clauseFacts(text: string, from: number, to: number): ClauseFacts {
  const clause = text.slice(from, to);
  const at = (re: RegExp): number => {
    const i = firstIndex(re, clause);
    return i < 0 ? -1 : from + i;
  };
  const visits: number[] = [];
  for (const m of clause.matchAll(VISIT_ALL)) visits.push(from + m.index);
  return {
    visits,
    remotePast: REMOTE_PAST.test(clause),
    recentPast: RECENT_PAST.test(clause),
    present: PRESENT.test(clause),
    immediateAt: lastIndex(IMMEDIATE_ALL, clause, from),
    chronic: CHRONIC.test(clause),
    hypotheticalAt: at(HYPOTHETICAL),
    educationAt: at(EDUCATION),
  };
}

export function fictionAt(text: string, from: number, to: number): number {
  const i = firstIndex(FICTION, text.slice(from, to));
  return i < 0 ? -1 : from + i;
}

// ---------- negation ----------

const NEGATORS = new Set([
  "no", "not", "never", "without", "denies", "denied", "deny", "denying", "negative", "none", "nor", "neither",
  "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "weren't", "haven't", "hasn't", "hadn't", "ain't",
  "nunca", "sin", "ni", "niega", "nego", "tampoco", "ningun", "ninguna", "ninguno", "jamas",
]);

/** Words right after a negator that make it something other than a denial ("no idea", "don't know"). */
const NOT_A_DENIAL = new Set([
  "idea", "clue", "one", "body", "matter", "way", "doubt", "joke", "kidding", "lie", "time", "help",
  "answer", "change", "better", "improvement", "relief", "end", "know", "sure", "certain", "only", "just",
  "even", "understand", "want", "wanna", "mean", "care", "believe", "remember", "recall", "trying",
  "exaggerating", "overreacting", "thought", "stop", "stopping", "warning", "reason", "insurance", "car",
  "money", "ride", "doctor", "getting", "improving", "going", "helping", "working", "responding",
  "se", "sabemos", "sabe", "quiero", "parar", "razon", "motivo", "aviso", "poder", "control", "explicacion",
  "dejar", "seguro", "ayuda", "querer", "mejora", "alivio", "para", "deja", "hay",
]);

/** After the cue: "chest pain: no", "CP - denied". */
const DENIED_AFTER = /^[\s:=\-()]{0,4}(?:no|none|negative|neg|denied|denies|absent|resolved|nope|niega|negativo|ninguno|ausente)(?![a-z0-9])/;
/** "I've never had pain like this": a comparison, not a denial. */
const COMPARISON_AFTER =
  /(?:^|[^a-z0-9'])(?:like this|this (?:bad|severe|strong|intense|painful)|so bad|before(?! (?:you|i|we|they|anyone|anything)(?![a-z]))|in my life|ever|asi de|tan (?:fuerte|intenso)|antes(?! de que)|en mi vida)(?![a-z0-9])/;

/**
 * "display: none", "border:none;", style="display:none": a value in pasted CSS or markup, not a denial.
 * A CSS property before the colon, or a ; } " ' right after the word.
 */
const CSS_PROPERTY_BEFORE = /(?:^|[^a-z0-9'])[a-z]+(?:-[a-z]+)*\s*[:=]\s*["']?$/;
const CSS_VALUE_AFTER = /^\s*(?:!important|[;}"'>])/;
const CSS_PROPERTIES =
  /(?:^|[^a-z])(?:display|border|outline|float|clear|visibility|text-decoration|list-style|background|box-shadow|text-shadow|pointer-events|user-select|resize|transform|transition|animation|content|max-width|max-height|fill|filter|cursor|overflow|style)[a-z-]*\s*[:=]\s*["']?$/;

function isMarkupValue(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  if (CSS_PROPERTIES.test(before)) return true;
  return CSS_PROPERTY_BEFORE.test(before) && CSS_VALUE_AFTER.test(text.slice(end, end + 12));
}

/** Words after "no se" that make it "no sé" (I don't know). */
const KNOW_AFTER = new Set([
  "si", "que", "q", "como", "cuanto", "cuanta", "cuantos", "cuantas", "donde", "cuando", "quien", "cual", "bien",
  "exactamente", "porque", "por", "muy", "ya", "decir", "explicar", "describir", "hacer",
]);

function isDontKnow(negator: string, after: string): boolean {
  return negator === "no" && (after === "" || KNOW_AFTER.has(after));
}

export function isNegated(text: string, seg: Segments, cueStart: number, cueEnd: number): boolean {
  const clauseStart = seg.clauseStarts[rangeIndex(seg.clauseStarts, cueStart)];
  const clauseIdx = rangeIndex(seg.clauseStarts, cueStart);
  const clauseEnd = clauseIdx + 1 < seg.clauseStarts.length ? seg.clauseStarts[clauseIdx + 1] : text.length;
  if (DENIED_AFTER.test(text.slice(cueEnd, Math.min(cueEnd + 20, text.length)))) return true;
  const first = wordAt(seg, cueStart);
  for (let k = first - 1, seen = 0; k >= 0 && seen < 7; k--, seen++) {
    if (seg.wordStart[k] < clauseStart) break;
    const word = text.slice(seg.wordStart[k], seg.wordEnd[k]);
    if (!NEGATORS.has(word)) continue;
    if (word === "none" && isMarkupValue(text, seg.wordStart[k], seg.wordEnd[k])) continue;
    const nextWord = k + 1 < seg.wordCount ? text.slice(seg.wordStart[k + 1], seg.wordEnd[k + 1]) : "";
    // "no se" is "I don't know" ("no se si…", "no se que…"), not "ni se le traba" or "no se trago nada".
    if (NOT_A_DENIAL.has(nextWord) && !(nextWord === "se" && !isDontKnow(word, k + 2 < seg.wordCount ? seg.words[k + 2] : ""))) continue;
    if (COMPARISON_AFTER.test(text.slice(cueEnd, Math.min(clauseEnd, cueEnd + 60)))) return false;
    return true;
  }
  return false;
}
