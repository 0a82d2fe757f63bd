/**
 * The rule tables, English and Spanish, as data: the parsers only look words up here. Matching folds case
 * and accents, so "Sistólica", "SISTOLICA" and "sistolica" are one entry.
 */

export const MONTHS: Record<string, number> = {
  jan: 1, january: 1, ene: 1, enero: 1,
  feb: 2, february: 2, febrero: 2,
  mar: 3, march: 3, marzo: 3,
  apr: 4, april: 4, abr: 4, abril: 4,
  may: 5, mayo: 5,
  jun: 6, june: 6, junio: 6,
  jul: 7, july: 7, julio: 7,
  aug: 8, august: 8, ago: 8, agosto: 8,
  sep: 9, sept: 9, september: 9, septiembre: 9, setiembre: 9,
  oct: 10, october: 10, octubre: 10,
  nov: 11, november: 11, noviembre: 11,
  dec: 12, december: 12, dic: 12, diciembre: 12,
};

/** Words that tell a Spanish document from an English one (decides day-first dates and decimal commas). */
export const LANGUAGE_MARKERS = {
  es: ["fecha", "hora", "mañana", "noche", "tarde", "presión", "arterial", "glucosa", "ayunas", "desayuno", "cena", "medicamentos", "comprimido", "cada", "resultado", "valores", "referencia", "reclamación", "proveedor", "pagado", "permitido", "paciente", "de", "del", "la", "los", "con", "por", "día"],
  en: ["date", "time", "morning", "evening", "night", "blood", "pressure", "glucose", "fasting", "breakfast", "dinner", "medications", "tablet", "daily", "result", "reference", "range", "claim", "provider", "paid", "allowed", "patient", "the", "and", "with", "of", "day"],
};

/** Lines whose date is a birth date, never a reading's or a result's date. */
export const BIRTH_WORDS = ["dob", "d.o.b.", "date of birth", "birth date", "born", "fecha de nacimiento", "f. nac.", "nacimiento"];

export type Period = "morning" | "evening" | "other";
/** Time-of-day words. "tarde" is the afternoon, like "afternoon": "other", not evening. */
export const PERIOD_WORDS: Record<Period, string[]> = {
  morning: ["morning", "am", "a.m.", "upon waking", "on waking", "mañana", "por la mañana", "matutina", "matutino", "al despertar"],
  evening: ["evening", "night", "pm", "p.m.", "bedtime", "before bed", "noche", "por la noche", "nocturna", "nocturno", "antes de dormir", "al acostarse"],
  other: ["afternoon", "midday", "noon", "tarde", "por la tarde", "mediodía"],
};

/** A value after these words is a goal or a summary, not a reading ("Goal: below 130/80", "Average: 135/85"). */
export const TARGET_WORDS = ["goal", "target", "aim", "below", "under", "less than", "keep", "average", "avg", "mean", "objetivo", "meta", "menos de", "por debajo", "menor de", "mantener", "promedio", "media"];

export const BP_HEADERS = {
  // "dia" is also Spanish "día": bp.ts reads it as the date when the table has no systolic column.
  date: ["date", "day", "fecha"],
  time: ["time", "hora", "time of reading"],
  period: ["period", "time of day", "momento", "periodo", "turno"],
  systolic: ["systolic", "sys", "sbp", "sistólica", "sistolica", "pas", "máxima", "alta"],
  diastolic: ["diastolic", "dia", "dias", "dbp", "diastólica", "diastolica", "pad", "mínima", "baja"],
  pulse: ["pulse", "pul", "heart rate", "hr", "pulso", "frecuencia cardiaca", "frecuencia cardíaca", "fc", "bpm", "lpm", "ppm"],
  bp: ["blood pressure", "bp", "reading", "presión", "presión arterial", "tensión", "tensión arterial", "pa", "ta", "lectura"],
  bp_morning: PERIOD_WORDS.morning,
  bp_evening: PERIOD_WORDS.evening,
  bp_other: PERIOD_WORDS.other,
  ignore: ["notes", "note", "comments", "arm", "position", "notas", "comentarios", "brazo", "posición", "observaciones"],
};

export type GlucoseContext = "fasting" | "before_meal" | "after_meal" | "bedtime";
/** Reading contexts as people write them. "Before breakfast" stays before_meal: calling it fasting would be our guess. */
export const GLUCOSE_CONTEXTS: Record<GlucoseContext, string[]> = {
  fasting: ["fasting", "fasted", "fbs", "fbg", "on waking", "upon waking", "ayunas", "en ayunas", "ayuno", "al despertar"],
  before_meal: ["before breakfast", "before lunch", "before dinner", "before supper", "before meal", "before meals", "pre-meal", "premeal", "pre meal", "pre-breakfast", "pre-lunch", "pre-dinner", "antes del desayuno", "antes de desayunar", "antes del almuerzo", "antes de la comida", "antes de comer", "antes de la cena", "antes de cenar", "preprandial"],
  after_meal: ["after breakfast", "after lunch", "after dinner", "after supper", "after meal", "after meals", "post-meal", "postmeal", "post meal", "2h after", "2 h after", "2 hours after", "2 hrs after", "postprandial", "post-prandial", "después del desayuno", "después de desayunar", "después del almuerzo", "después de la comida", "después de comer", "después de la cena", "después de cenar", "posprandial", "postprandial"],
  bedtime: ["bedtime", "before bed", "at bedtime", "hs", "al acostarse", "antes de dormir", "antes de acostarse"],
};

export const GLUCOSE_UNITS = { "mg/dL": ["mg/dl", "mg / dl", "mg/100 ml", "mg/100ml"], "mmol/L": ["mmol/l", "mmol / l", "mmol"] } as const;
export type GlucoseUnit = keyof typeof GLUCOSE_UNITS;
/** Plausible meter readings; anything else on a line is another number (a time, a count, an ID). */
export const GLUCOSE_RANGE: Record<GlucoseUnit, [number, number]> = { "mg/dL": [20, 700], "mmol/L": [1, 40] };

export const GLUCOSE_HEADERS = {
  date: ["date", "day", "fecha", "día", "dia"],
  time: ["time", "hora"],
  context: ["context", "meal", "when", "timing", "momento", "comida", "relación con comida", "tipo"],
  value: ["glucose", "blood glucose", "blood sugar", "sugar", "bg", "reading", "result", "value", "level", "glucosa", "glucemia", "azúcar", "nivel", "valor", "lectura", "resultado"],
  unit: ["unit", "units", "unidad", "unidades"],
  ctx_fasting: GLUCOSE_CONTEXTS.fasting,
  ctx_before_meal: GLUCOSE_CONTEXTS.before_meal,
  ctx_after_meal: GLUCOSE_CONTEXTS.after_meal,
  ctx_bedtime: GLUCOSE_CONTEXTS.bedtime,
  ignore: ["notes", "note", "comments", "insulin", "carbs", "notas", "comentarios", "insulina", "observaciones"],
};

export const MED_HEADERS = {
  name: ["medication", "medications", "medicine", "drug", "name", "medication name", "drug name", "medicamento", "medicamentos", "medicina", "fármaco", "nombre"],
  strength: ["strength", "dose", "dosage", "dosis", "concentración", "potencia"],
  form: ["form", "dosage form", "forma", "presentación", "forma farmacéutica"],
  frequency: ["frequency", "how often", "directions", "instructions", "sig", "how to take", "frecuencia", "indicaciones", "pauta", "instrucciones", "cómo tomar", "posología"],
  prescriber: ["prescriber", "prescribed by", "doctor", "physician", "prescriptor", "recetado por", "prescrito por", "médico", "medico"],
  ignore: ["notes", "purpose", "reason", "for", "start date", "started", "pharmacy", "notas", "para", "motivo", "inicio", "farmacia"],
};

/** Strength units, longest first at match time; "/mL", "/actuation" may follow. */
export const STRENGTH_UNITS = ["mg", "mcg", "µg", "μg", "ug", "g", "ml", "units", "unit", "iu", "ui", "unidades", "%", "meq", "mmol"];
export const STRENGTH_PER = ["ml", "h", "hr", "24h", "24 h", "dose", "dosis", "actuation", "puff", "spray", "inhalación"];
export const MED_FORMS = [
  "tablet", "tablets", "tab", "tabs", "capsule", "capsules", "cap", "caps", "er tablet", "extended-release tablet", "solution", "suspension", "syrup", "inhaler", "patch", "cream", "ointment", "gel", "injection", "pen", "drops", "spray", "suppository",
  "comprimido", "comprimidos", "tableta", "tabletas", "cápsula", "cápsulas", "solución", "suspensión", "jarabe", "inhalador", "parche", "crema", "pomada", "inyección", "pluma", "gotas", "supositorio",
];
/** Labels before a prescriber's name; "Dr."/"Dra." titles are kept as written with the name. */
export const PRESCRIBER_LABELS = ["prescribed by", "prescriber", "recetado por", "prescrito por", "indicado por"];
export const DOCTOR_TITLES = ["dr", "dra", "doctor", "doctora"];
/** Headings of lists that name medicines without being taken ones: allergies. */
export const MED_SKIP_SECTIONS = ["allergies", "allergy", "drug allergies", "alergias", "alergia", "alergias a medicamentos"];
/** Section headings of a medication list; a medicine under "Stopped" must not read as current. */
export const MED_SECTIONS = [
  "current medications", "active medications", "start taking", "continue taking", "stop taking", "change how you take", "as needed", "prn medications", "stopped", "stopped medications", "discontinued", "discontinued medications", "no longer taking", "inactive medications", "supplements", "vitamins and supplements",
  "medicamentos actuales", "medicación actual", "empezar a tomar", "comience a tomar", "seguir tomando", "continúe tomando", "dejar de tomar", "deje de tomar", "según necesidad", "suspendidos", "medicamentos suspendidos", "ya no tomo", "suplementos",
];
/** A list's own title: it ends any section above and names none. */
/**
 * Words of a sentence, not of a list item: "Dr. Alvarez increased your lisinopril to 20 mg" is prose, whose
 * medicine is not the words before the strength. Such lines are left to the free-text reader.
 */
export const MED_PROSE_WORDS = [
  "your", "you", "we", "was", "were", "is", "are", "increased", "decreased", "raised", "lowered", "started", "stopped", "changed", "switched", "continue", "please", "told", "said",
  "su", "usted", "le", "aumentó", "bajó", "disminuyó", "empezó", "suspendió", "cambió", "siga", "por favor", "dijo",
];
export const MED_TITLES = ["medications", "medication list", "medicine list", "my medications", "medicamentos", "lista de medicamentos", "mis medicamentos"];

export const LAB_HEADERS = {
  test: ["test", "test name", "component", "analyte", "name", "prueba", "examen", "análisis", "determinación", "parámetro", "estudio"],
  value: ["result", "value", "your value", "resultado", "valor"],
  unit: ["unit", "units", "unidad", "unidades"],
  referenceRange: ["reference range", "ref range", "reference interval", "normal range", "range", "standard range", "reference", "valores de referencia", "valor de referencia", "rango de referencia", "intervalo de referencia", "rango normal", "referencia", "rango"],
  flag: ["flag", "abnormal", "abnormal flag", "indicator", "marca", "indicador", "alerta"],
  date: ["date", "collected", "collection date", "fecha", "fecha de toma"],
  ignore: ["notes", "comment", "comments", "lab", "status", "notas", "comentario", "estado"],
};
/** Flags exactly as labs print them. */
export const LAB_FLAGS = ["H", "L", "HH", "LL", "A", "AA", "C", "HI", "LO", "HIGH", "LOW", "ABN", "ABNORMAL", "CRIT", "CRITICAL", "*", "**", "H*", "L*", "(H)", "(L)", "↑", "↓", "ALTO", "ALTA", "BAJO", "BAJA", "ANORMAL", "CRÍTICO", "CRITICO"];
/** Qualitative results (and their usual reference values). */
export const LAB_QUALITATIVE = ["negative", "positive", "non-reactive", "nonreactive", "reactive", "not detected", "detected", "trace", "normal", "abnormal", "negativo", "positivo", "no reactivo", "reactivo", "no detectado", "detectado", "indetectable", "trazas"];
/** Labels of a report's dates, best first: when the sample was taken beats when it was reported. */
export const LAB_DATE_LABELS: string[][] = [
  ["collected", "collection date", "date collected", "specimen collected", "drawn", "date drawn", "fecha de toma", "fecha de extracción", "fecha de recolección", "fecha de muestra", "toma de muestra", "obtenida"],
  ["date of service", "service date", "fecha de servicio", "fecha del estudio"],
  ["reported", "report date", "date reported", "resulted", "fecha de informe", "fecha del informe", "fecha de reporte", "informado"],
];

export type EobAmount = "billed" | "allowed" | "paid" | "patientResponsibility";
export const EOB_AMOUNTS: Record<EobAmount, string[]> = {
  billed: ["billed", "amount billed", "billed amount", "charges", "charged", "amount charged", "provider charged", "provider charges", "total charges", "monto facturado", "facturado", "cargos", "cargo", "importe facturado", "cantidad facturada"],
  allowed: ["allowed", "allowed amount", "amount allowed", "approved", "approved amount", "plan allowance", "eligible", "eligible amount", "monto permitido", "permitido", "aprobado", "monto aprobado", "cantidad permitida"],
  paid: ["paid", "plan paid", "amount paid", "insurance paid", "we paid", "paid by plan", "benefit paid", "plan payment", "pagado", "pagado por el plan", "monto pagado", "el plan pagó", "plan pagó", "pago del plan"],
  patientResponsibility: ["patient responsibility", "your responsibility", "you owe", "what you owe", "amount you owe", "you may owe", "you may be billed", "maximum you may be billed", "member responsibility", "patient owes", "patient balance", "responsabilidad del paciente", "su responsabilidad", "usted debe", "lo que usted debe", "monto que usted debe", "a cargo del paciente"],
};
/** Other money columns: read so the amounts line up, reported with their printed label. */
export const EOB_OTHER_AMOUNTS = ["deductible", "copay", "co-pay", "coinsurance", "not covered", "discount", "network discount", "network savings", "other insurance", "deducible", "copago", "coseguro", "no cubierto", "descuento", "otro seguro"];
export const EOB_TOTAL_WORDS = ["total", "totals", "claim total", "claim totals", "total for this claim", "totales", "total de la reclamación"];
export const EOB_LABELS = {
  claimNumber: ["claim number", "claim no", "claim #", "claim id", "claim", "número de reclamación", "numero de reclamacion", "reclamación", "reclamacion", "número de reclamo", "reclamo"],
  provider: ["provider", "rendering provider", "provider name", "treating provider", "proveedor", "prestador", "nombre del proveedor"],
  serviceDate: ["date of service", "dates of service", "service date", "fecha de servicio", "fecha del servicio", "fechas de servicio"],
  service: ["service", "service description", "description", "procedure", "servicio", "descripción", "procedimiento"],
};
/** CARC group codes (CO, PR, OA, PI, CR) and RARC prefixes. */
export const CARC_GROUPS = ["CO", "PR", "OA", "PI", "CR"];

/** Phrases that point to each kind, with weights; structure counts are added by detectKind. */
export const KIND_WORDS: Record<string, [string, number][]> = {
  bp_log: [["blood pressure", 3], ["bp log", 4], ["systolic", 2], ["diastolic", 2], ["mmhg", 1], ["presión arterial", 3], ["tensión arterial", 3], ["sistólica", 2], ["diastólica", 2], ["pulse", 1], ["pulso", 1]],
  glucose_log: [["glucose log", 4], ["blood sugar", 3], ["glucose", 1], ["fasting", 1], ["before breakfast", 2], ["after breakfast", 2], ["bedtime", 1], ["glucosa", 1], ["glucemia", 2], ["ayunas", 1], ["antes del desayuno", 2], ["después del desayuno", 2], ["meter", 1], ["glucómetro", 2]],
  medication_list: [["medication list", 4], ["medications", 2], ["medicine list", 4], ["tablet", 1], ["capsule", 1], ["by mouth", 1], ["daily", 1], ["twice", 1], ["prescriber", 2], ["lista de medicamentos", 4], ["medicamentos", 2], ["comprimido", 1], ["cada", 1], ["pharmacy", 1]],
  lab_results: [["reference range", 3], ["ref range", 3], ["laboratory", 2], ["lab report", 3], ["specimen", 2], ["collected", 1], ["result", 1], ["flag", 1], ["valores de referencia", 3], ["laboratorio", 2], ["resultado", 1], ["muestra", 1], ["rango de referencia", 3]],
  eob: [["explanation of benefits", 6], ["this is not a bill", 5], ["claim", 2], ["allowed", 2], ["billed", 2], ["plan paid", 2], ["you owe", 2], ["patient responsibility", 3], ["explicación de beneficios", 6], ["esto no es una factura", 5], ["reclamación", 2], ["permitido", 2], ["usted debe", 2], ["deductible", 1], ["remark code", 2]],
};

/**
 * Words by which a sentence changes a medicine ("stop your lisinopril 20 mg"): a medicine read from free
 * text carries the word as printed, so a stopped or changed medicine never reads as a current one.
 */
export const MED_CHANGE_WORDS = [
  "stop", "stopped", "stopping", "discontinue", "discontinued", "hold", "held", "start", "started", "begin", "increase", "increased", "decrease", "decreased", "lower", "lowered", "raise", "raised", "switch", "switched", "change", "changed", "replace", "replaced",
  "suspender", "suspenda", "suspendió", "suspendido", "deje de", "dejar de", "dejó de", "empezar", "empiece", "empezó", "comenzar", "aumentar", "aumente", "aumentó", "disminuir", "disminuya", "disminuyó", "bajar", "baje", "bajó", "subir", "suba", "subió", "cambiar", "cambie", "cambió", "reemplazar",
];
/** How a sentence joins a blood pressure's two numbers ("142 over 88", "142/88", "142 sobre 88"). */
export const BP_JOINERS = ["/", "over", "on", "sobre", "de", "-", "–"];
