/**
 * Explicit denial (safety.md §1a): a first-person, present denial of suicidal or self-harm thoughts
 * together with a routine request ("I'm not suicidal, I just need a therapist in my network") is not an
 * emergency; the answer carries the 988 line instead. The suicide words inside the denial are discounted,
 * nothing else is: any other rule that fires, any plan, means, farewell or attempt, or a retraction
 * ("jk") keeps the banner. A bare "I'm not suicidal" with no request still shows it.
 */

const SELF_HARM = "((hurt~|harm~|kill~|cut~|injur~|unalive~) (myself|my self)|kms)";
const THOUGHTS =
  `(suicide|suicidal (thoughts|feelings|urges|ideation)|self[- ]?harm~|ending (it|my life)|${SELF_HARM}|taking my (own )?life)`;

export interface DenialSpec {
  /** The denial itself: suicide cues inside its span are discounted. */
  denial: { en: readonly string[]; es: readonly string[] };
  /** A routine request elsewhere in the message. */
  request: { en: readonly string[]; es: readonly string[] };
  /** A retraction of the denial ("jk", "es broma"): no denial then. */
  retraction: { en: readonly string[]; es: readonly string[] };
  /** Cues that rule a denial out when active anywhere in the message (plan, means, farewell, attempt). */
  blockers: readonly string[];
}

export const DENIAL: DenialSpec = {
  denial: {
    en: [
      // Without the subject too: "not suicidal or anything, just want a therapist", "not gonna hurt myself".
      `(?<!(?:is|'s|are|'re|was|were|he|she|they|isn't|aren't|wasn't)[ ])(not|never) (suicidal|feeling suicidal|thinking (about|of|to) ${THOUGHTS}|going to ${SELF_HARM}|gonna ${SELF_HARM}|planning (to|on) ${SELF_HARM})(?! (yet|right now but|until|till)(?![a-z]))`,
      `(have|having) no (plan|plans|intention|intent) to ${SELF_HARM}`,
      `(i'm|im|i am) (really |honestly |definitely |absolutely )?(not|never) (wanting to ${SELF_HARM}|suicidal|feeling suicidal|thinking (about|of) ${THOUGHTS}|going to ${SELF_HARM}|gonna ${SELF_HARM}|planning (to|on) ${SELF_HARM}|at risk|in (danger|crisis))(?! (yet|right now but)(?![a-z]))`,
      `i (don't|do not|dont) (want|plan|intend|mean) to ${SELF_HARM}`,
      `i (don't|do not|dont) (have|feel) (any )?(suicidal (thoughts|feelings|urges)|thoughts (of|about) ${THOUGHTS}|urges to ${SELF_HARM})`,
      `i (have|'ve|have had) no (suicidal (thoughts|feelings|plans|intent)|thoughts (of|about) ${THOUGHTS}|(plan|plans|intention|intent) to ${SELF_HARM})`,
      "(no|not having|not having any) (suicidal (thoughts|ideation|feelings)|thoughts of (self[- ]?harm|suicide|hurting myself|harming myself|killing myself))",
    ],
    es: [
      "no (estoy|toy|ando|me siento) (pensando en|con ganas de|con ideas de|planeando) (hacerme dano|matarme|suicidarme|quitarme la vida|el suicidio|lastimarme|herirme)",
      "ya no (me corto|me lastimo|me hago dano|pienso en (matarme|suicidarme|quitarme la vida))",
      "no (soy|estoy) suicida",
      "no (quiero|pienso|voy a|planeo) (hacerme dano|matarme|suicidarme|quitarme la vida|lastimarme|morir|morirme)",
      "no me (voy a|quiero|pienso) (matar|suicidar|morir|hacer dano|quitar la vida|lastimar)",
      "no tengo (pensamientos|ideas|ganas|planes|intencion) (suicidas|de (hacerme dano|matarme|suicidarme|quitarme la vida|lastimarme|morir|suicidio))",
      "no (pienso|estoy pensando|he pensado) en (hacerme dano|matarme|suicidarme|quitarme la vida|el suicidio|lastimarme)",
      "no (estoy|me siento) en (peligro|crisis|riesgo)",
    ],
  },
  request: {
    en: [
      "(need|want|looking for|look for|searching for|find|finding|get|getting|book|booking|schedule|scheduling|recommend~|referral|refer~|switch~|see|seeing|covered|covers|cover|in[- ]?network|insurance|copay|cost~) {g4}(therapist~|counselor~|counsellor~|psychologist~|psychiatrist~|therapy|counseling|counselling|support group~|appointment~|provider~|clinic~|social worker~|mental health|telehealth|refill~)",
      "(need|want|looking for|switch~|change|changing|refill~) {g4}(anti ?depressant~|medication~|meds|prescription~)",
      "(my|our|a|the) (school |new )?(therapist~|counselor~|counsellor~|psychologist~|psychiatrist~)",
      "(therapist~|counselor~|counsellor~|psychologist~|psychiatrist~|therapy|counseling|counselling) {g4}(in[- ]?network|covered|cover~|insurance|plan|accept~|near me|copay|cost~|sliding scale|appointment|available|telehealth|online)",
      // Paperwork and records: "I'm not suicidal, but my DOT form asks about depression meds."
      "(form|forms|paperwork|report|records?|mood log|journal|bill|claim|support group~|physical)",
      "(bring (it|this) up|talk to|tell|ask) (with )?(my|the) (doctor|pcp|provider|gp|nurse|pastor)",
    ],
    es: [
      "(necesito|quiero|busco|buscando|buscar|encontrar|conseguir|encuentro|consigo|agendar|sacar|pedir|recomiend~|cubre|cubra|seguro) {g4}(psicolog~|terapeuta~|terapia|psiquiatra~|consejer~|cita|consulta|orientador~|grupo de apoyo|salud mental)",
      "(psicolog~|terapeuta~|terapia|psiquiatra~|consejer~) {g4}(seguro|cubr~|red|cerca|en linea|costo|precio|plan)",
      "(mi|un|una|el|la|su|nuevo|nueva|otro|otra) (psicolog~|terapeuta~|psiquiatra~|consejer~)",
      "(que me derive|derivarme|me refiera|una referencia|hablar con alguien)",
      // Paperwork and records: "Aclaro que no tengo ideas suicidas, pero ¿qué significa este informe?"
      "(formulario|informe|papeles|papeleo|expediente~|historial|receta|renovacion|el alta|factura|registro|diario|incapacidad|cita|turno|grupos? de apoyo)",
      "(quiero saber|como (pido|subo|lleno|pongo|relleno|contesto|lo pongo|le explico|lo digo|se lo digo|le digo)|(que|q) (examenes|estudios|analisis) (pido|me hago))",
    ],
  },
  retraction: {
    en: ["jk", "just kidding", "kidding", "i lied", "or am i"],
    es: ["(es|era) (una )?broma", "mentira", "no es cierto", "bromeo", "(es|era) (un )?chiste"],
  },
  blockers: [
    "means_at_hand",
    "attempt_underway",
    "high_place",
    "car_exhaust",
    "farewell",
    "farewell_love",
    "farewell_amends",
    "giving_away_all",
    "giving_away",
    "wont_need",
    "suicide_plan",
  ],
};
