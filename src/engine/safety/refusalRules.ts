/**
 * Refusal-gate rules (safety.md §2), in the pattern language of ./pattern.ts, matched on normalized text.
 * Input rules catch requests (diagnose me, pick my drug or dose, may I stop it, may I skip the ER);
 * output rules catch model text that does those things. Allow rules (./refusalAllow) keep legitimate
 * navigation open: questions *for* the doctor, a clinician's own instructions, logs and paperwork.
 */

export type RefusalCategory = "diagnose" | "prescribe" | "dose" | "instruct_stop_medication" | "replace_emergency_care";
export type Direction = "input" | "output";

export interface RefusalRuleSpec {
  id: string;
  category: RefusalCategory;
  direction: Direction;
  en?: readonly string[];
  es?: readonly string[];
}

/** Conditions, by name and by shape ("…itis", "… disease"). */
const COND =
  "(diabetes|prediabetes|diabetic|cancer|abscess|an abscess|cavity|cavities|melanoma|lupus|ms|multiple sclerosis|als|parkinson's|parkinsons|alzheimer's|alzheimers|dementia|adhd|add|autism|depression|depressed|anxiety|bipolar|schizophrenia|ptsd|ocd|asthma|copd|emphysema|pneumonia|bronchitis|flu|covid|long covid|strep|strep throat|uti|ear infection|sinus infection|infection|an infection|appendicitis|gallstones|kidney stones|kidney failure|kidney disease|ckd|heart failure|heart disease|afib|a-fib|arrhythmia|angina|hypertension|high blood pressure|hypothyroidism|hyperthyroidism|thyroid disease|anemia|anemic|sleep apnea|apnea|ibs|ibd|crohn's|crohns|celiac|gerd|reflux|an ulcer|ulcer|hernia|gout|rheumatoid arthritis|osteoporosis|fibromyalgia|migraine~|epilepsy|concussion|blood clot|dvt|sepsis|shingles|herpes|hpv|hiv|std|sti|chlamydia|gonorrhea|syphilis|psoriasis|eczema|rosacea|acne|allerg~|torn [a-z]+|broken [a-z]+|fracture~|sprain~|carpal tunnel|sciatica|herniated disc|cataract~|glaucoma|macular degeneration|enlarged prostate|bph|endometriosis|pcos|preeclampsia|mono|lyme~|cirrhosis|fatty liver|polyps|tumou?r|cyst|lymphoma|leukemia|[a-z]+(itis|osis|emia|oma|pathy|algia)|([a-z]+ )?(disease|disorder|syndrome|deficiency|failure|cancer))";
const COND_ES =
  "(diabetes|diabetic[oa]|cancer|lupus|esclerosis multiple|depresion|ansiedad|asma|neumonia|gripe|covid|infeccion|una infeccion|apendicitis|calculos|insuficiencia renal|hipertension|presion alta|anemia|apnea|migrana~|epilepsia|artritis|gota|psoriasis|eccema|alergia|tumor|quiste|hernia|ulcera|colitis|gastritis|[a-z]+(itis|osis|emia|oma|patia|algia)|(sindrome|enfermedad|trastorno) (de )?[a-z]+)";
/**
 * Spanish questions lose their "¿" and accents in normalization, so "qué tengo" (what do I have) and
 * "que tengo" (that I have) read the same. These tell them apart by context.
 */
const ES_WHAT_I_HAVE = "(tengo|tiene|tienes|tenemos|tendre|tendra|tendria|me pasa|le pasa|nos pasa|te pasa)";
/** "¿Qué tengo que llevar?", "¿qué tengo pendiente?", "qué tiene mi seguro": obligations and paperwork. */
const ES_NOT_ADMIN =
  "(?! (que|pendiente~|agendad~|programad~|anotad~|apuntad~|de (cita|copago|deducible|cobertura)|(en )?(mi|mis|la|el|su|sus) (lista|agenda|calendario|expediente|historial|registro~|carpeta|portal|cuenta|seguro|poliza|plan|cita~|factura~|cobertura|receta~)))";
/**
 * A verb after a relative or reporting "que" states a diagnosis ("el médico dice que tengo lupus", "mi
 * papá, que tiene diabetes") unless the "que" follows a question verb ("¿será que tengo…?", "¿crees que
 * tengo…?"). After "si" it is a condition ("¿qué llevo si tengo diabetes?").
 */
const ES_NOT_RELATIVE =
  "(?<!((?<!(sera|seria|crees|creen|piensas|cree usted|usted cree|piensa usted|posible|puede ser|podria ser) )que|si) (yo |mi [a-z]+ |su [a-z]+ |el |ella )?)";
/** Words that open a second question: "tengo lupus, ¿qué le pregunto?" asks something else. */
const ES_NEW_QUESTION = "(que|como|cual|cuales|cuando|donde|quien|quienes|cuanto|cuanta|cuantos|cuantas|me ayuda~|me puede~|puede~|podria~)";
/** The rest of a yes/no question, up to its "?", without running into a second question. */
const ES_QUESTION_TAIL = `(?:(?!(,|;| y| pero) ?${ES_NEW_QUESTION}(?![a-z]))[^.!?\\n]){0,80}\\?`;
/** What a condition name must not be followed by to count ("diabetes visit" is a visit). */
const NOT_ADMIN =
  "(?! ?(visit|appointment|checklist|log|clinic|doctor|specialist|educator|team|care|management|plan|medication|medicine|question|screening|test|center|support|diet|prep|nurse|form|diary|tracker|journal|agenda|program|insurance|supplies|meter|class|group|record|records))";

const MEDS =
  "(pill~|tablet~|capsule~|meds|medicine~|medication~|drug~|antibiotic~|steroid~|inhaler~|cream|ointment|insulin|injection~|shot~|patch|supplement~|vitamin~|painkiller~|pain reliever~|blood thinner~|water pill~|thyroid pill|sleeping pill~|tylenol|acetaminophen|paracetamol|ibuprofen|advil|motrin|aleve|naproxen|aspirin|benadryl|zyrtec|claritin|allegra|sudafed|mucinex|melatonin|omeprazole|prilosec|nexium|pepcid|tums|imodium|miralax|metformin|lisinopril|losartan|amlodipine|metoprolol|atorvastatin|lipitor|simvastatin|warfarin|eliquis|xarelto|plavix|prednisone|methotrexate|hydrocortisone|amoxicillin|azithromycin|z-pack|zpack|cipro|doxycycline|keflex|levothyroxine|synthroid|sertraline|zoloft|prozac|fluoxetine|lexapro|escitalopram|wellbutrin|xanax|ativan|klonopin|gabapentin|oxycodone|hydrocodone|tramadol|sumatriptan|imitrex|tamsulosin|flomax|finasteride|oxybutynin|ozempic|wegovy|mounjaro|jardiance|humira|[a-z]+(cillin|mycin|floxacin|cycline|pril|sartan|olol|statin|prazole|tidine|triptan|zepam|azolam|oxetine|gliptin|gliflozin|mab))";
const MEDS_ES =
  "(pastilla~|tableta~|capsula~|medicina~|medicamento~|antibiotico~|crema|pomada|insulina|inyeccion~|vacuna|parche|suplemento~|vitamina~|jarabe|ibuprofeno|paracetamol|acetaminofen|aspirina|prednisona|metformina|omeprazol|amoxicilina|warfarina|anticoagulante~|levotiroxina|losartan|[a-z]+(cilina|micina|prazol|statina|pril|sartan|olol))";
export const CLINICIAN =
  "(doctor|doctors|dr|physician|provider|nurse|pharmacist|specialist|care team|surgeon|oncologist|cardiologist|endocrinologist|neurologist|psychiatrist|pediatrician|clinic|gp|np|pa|dermatologist|urologist|nephrologist|rheumatologist|gastroenterologist|allergist|obgyn|ob|midwife|dentist|therapist|prescriber|team)";
export const CLINICIAN_ES = "(doctor|doctora|medico|medica|enfermera|enfermero|farmaceutico|especialista|cardiologo|pediatra|clinica|equipo)";
const SUBJ = "(i|we|he|she|they|you|my [a-z]+|my [a-z]+ [a-z]+)";
const ER = "(the )?(er|e\\.r\\.|ed|emergency room|emergency department|emergency|urgencies|hospital|911|an ambulance|the ambulance|ambulance|urgent care)";
const ER_ES = "(urgencias|emergencias|la sala de emergencias|el hospital|hospital|911|la ambulancia|una ambulancia)";
const NEG_BEFORE = "(?<!(don't|do not|never|not|n't|no) )";
/**
 * A warning against the act ("do not make the person throw up", "don't wait and see", "don't try to
 * sleep it off or treat it at home"): the negation stands right before the verb, or governs a plain
 * "… or" list that leads to it, joined by spaces only, so "No, wait until morning" and "Don't panic,
 * just wait until morning" still count.
 */
const WARNED = "(?<!((don't|do not|never|not|n't)( try to)?|(don't|do not|never)\\x20[a-z'\\x20]{1,40}\\x20or)\\x20)";
const WARNED_ES = "(?<!no\\x20)";
/** A refusal that names the unsafe claim: "I can't tell you it is safe to stay home". */
const DISCLAIMED = "(?<!((can't|cannot|can not|won't|will not|not|never) (tell you|tell anyone|say|promise( you)?|guarantee|decide)|whether) (that )?)";
/**
 * Who is speaking before a medicine verb: "I take a blood thinner", "Do you use insulin?", "if you
 * take insulin", "people who use insulin", "how to use an inhaler" describe or ask; they do not advise.
 */
const NOT_ADVICE_SUBJECT =
  "(?<!(i|(do|does|did|if|whether|when|while|who) (you|he|she|they|i|your [a-z]+|the (person|child|patient)|anyone|someone)|who|(how|when)( and (how|when))? to|(medicines?|medications?|meds|pills?|drugs?) (i|you)) )";
/** The patient's own intention, written as the start of a question for the prescriber. */
const OWN_INTENTION =
  "(?<!(i|i'm|i am) (really |still |also |just )?(want|wanted|would like|'d like|need|plan|planning|thinking about|thinking of|afraid|scared|worried|was told|have been told|decided|don't want|do not want) to )";

export const REFUSAL_RULES: readonly RefusalRuleSpec[] = [
  // ---------- input: diagnose ----------
  {
    id: "input.diagnose.do_i_have",
    category: "diagnose",
    direction: "input",
    en: [
      `(do|does|could|might|can|would|did) ${SUBJ} (have|has|got) {g2}${COND}${NOT_ADMIN}`,
      `(is|could|might) (this|that|my|his|her|the) [a-z]+ {g1}(be )?(a |an )?${COND}${NOT_ADMIN}`,
      `(is|could|might|would) (it|this|that) (be )?(a |an )?(sign of )?${COND}${NOT_ADMIN}`,
      `(am i|is (he|she|my [a-z]+|my [a-z]+ [a-z]+)) (diabetic|anemic|depressed|bipolar|autistic|prediabetic|pregnant)`,
      `what (do|does|could|might|would) ${SUBJ} have`,
      "what's wrong with (me|him|her|my [a-z]+)",
      "(tell|say) (me )?what (i|he|she|my [a-z]+) (have|has|got)",
      "(do|does) (i|we|he|she|my [a-z]+) need (a |an )?(root canal|surgery|antibiotics|stitches|biopsy|an operation|operation|steroids)",
      "what is wrong with (me|him|her|my [a-z]+)",
      "what (condition|disease|illness|infection|disorder) (is|do|does|could|might|would|have) ",
      "diagnose (me|him|her|this|my|it)",
      "(give|tell) me (a|the|my) diagnosis",
      `(does|do) (this|it|that|these) (sound|look) like {g2}${COND}`,
      `(tell|let) me (if|whether) (i|it|he|she|this) (have|has|is|'s) {g2}${COND}`,
      `(sounds?|looks?) like ${COND} to you`,
    ],
    es: [
      // "¿Tengo diabetes?", "¿Será que tengo lupus?" — but not "dice que tengo lupus, ¿qué le pregunto?"
      `${ES_NOT_RELATIVE}(tengo|tendre|tendra|tiene|tendria|sera|es|sea) {g2}${COND_ES}${ES_QUESTION_TAIL}`,
      // "¿Qué tengo?", "¿Qué le pasa a mi hijo?": an interrogative "qué" opens its sentence…
      `(?<=(^|[.!?\\n:;])[^a-z0-9]{0,3})que ${ES_WHAT_I_HAVE}${ES_NOT_ADMIN}`,
      // …or a clause that ends the question: "me duele la cabeza, ¿qué tengo?"
      `(?<=,[^a-z0-9]{0,3})que ${ES_WHAT_I_HAVE}( (mi|el|la|su|este|esta|esto|eso) [a-z]+)?\\?`,
      `(no (se|sabe|sabemos|saben|sabia|sabiamos)|(quiero|quisiera|necesito|queremos|quiere|necesita) (saber|averiguar)|dime|digame|dinos|diganos|decirme|decime|explicame|expliqueme|adivina|averigua|averiguame) (que|lo que) ${ES_WHAT_I_HAVE}${ES_NOT_ADMIN}`,
      "que (es|sera|seria|podria ser|puede ser) lo que (tengo|tiene|tenemos|me pasa|le pasa)",
      "que (crees|cree usted|piensas|piensa usted|opinas) (que|de lo que) (tengo|tiene|tenga|me pasa|le pasa)",
      "(sera|seria|crees|piensas|cree usted|usted cree|piensa usted) que (yo |mi [a-z]+ |su [a-z]+ )?(tengo|tenga|tiene|tendre|tendra|padezco|padezca|padece|sufro|sufra)(?! que)",
      "que (enfermedad|infeccion|condicion|padecimiento|trastorno|problema de salud) {g2}(tengo|tiene|tendre|tendra|tendria|sera|es|podria ser|puede ser)",
      "(?<=(^|[.!?\\n:;])[^a-z0-9]{0,3})que (sera|podra ser|podria ser|puede ser)( esto| eso)?\\?",
      // "Diagnostícame", "¿me puedes diagnosticar?" — not "me lo diagnosticaron la semana pasada".
      "diagnostic(a|ar|ue) ?(me|lo|la|le)",
      "(me|lo|la|le) (puedes|puede|podrias|podria) diagnosticar",
      "dame (un|el) diagnostico",
      `(puede|podria) ser ${COND_ES}`,
    ],
  },
  // ---------- input: prescribe ----------
  {
    id: "input.prescribe.which_medicine",
    category: "prescribe",
    direction: "input",
    en: [
      `what (medicine|medication|drug|pill|antibiotic|antibiotics|cream|ointment|supplement|treatment|otc|over the counter|painkiller|inhaler|blood thinner|remedy) {g3}(should|can|could|do|would) (i|we|he|she|you)`,
      `which {g3}(medicine|medication|drug|pill|antibiotic|cream|one|blood thinner|inhaler|painkiller|treatment|statin|insulin) {g3}(should|is better|do you recommend|to take|would you|is best|is safer|works best)`,
      "what (should|can|could) (i|we) (take|give|use|try) (for|to)",
      "(can|could|would) you (prescribe|recommend|suggest) (me )?(a|an|some|something|any|the best)",
      "(prescribe|recommend|suggest) (me )?(something|a medicine|a medication|a drug|an antibiotic|a pill)",
      `(prescribe|recommend|suggest) (me )?(a|an|some|any) {g2}${MEDS}`,
      `should (i|we|he|she) (take|try|use|start|switch to|get|be on|go on) {g3}${MEDS}`,
      `(is|would) ${MEDS} (better|safer|stronger) (than|for)`,
      `(best|strongest|safest) {g2}(medicine|pill|painkiller|antibiotic|drug|cream|treatment) (for|to)`,
      `(switch|change) (to|me to) {g2}(a |an |the )?(cheaper|different|generic|other|new)? ?${MEDS}`,
    ],
    es: [
      `que (medicina|medicamento|pastilla|antibiotico|crema|remedio|tratamiento) {g3}(debo|puedo|me recomiendas|me recomienda|tomo|le doy|uso)`,
      "que (me recomiendas|me recomienda|tomo|le doy|puedo tomar|debo tomar) (para|contra)",
      "receta(me|le)",
      "me (puedes|puede|podria) recetar",
      `cual {g3}(pastilla|medicina|medicamento|antibiotico) {g3}(debo|tomo|es mejor|me recomiendas)`,
      `(debo|deberia) (tomar|usar|empezar) {g2}${MEDS_ES}`,
    ],
  },
  // ---------- input: dose ----------
  {
    id: "input.dose.how_much",
    category: "dose",
    direction: "input",
    en: [
      "how (much|many) {g5}(should|can|do|could|may|to|would) (i|we|he|she|you|my [a-z]+) (take|give|use|put|apply|inject|have|drink)",
      "how (much|many) (mg|milligrams|units|mcg|ml|tablets|pills|puffs|drops)",
      "what (dose|dosage|amount|strength)",
      "(what's|what is|what are) the (right|correct|max|maximum|safe|usual|normal|recommended|best) (dose|dosage|amount)",
      "(can|should|could) (i|we|he|she) (take|give|use) (#|two|three|four|another|a second|an extra|more|extra|half|less|a double)",
      "is (#|that|this|it) {g2}(too much|too many|a safe (dose|amount)|safe to take)",
      `(increase|raise|lower|decrease|adjust|up) (my|the|his|her) (dose|dosage|insulin|meds|medication|medicine)`,
      "how often (can|should|do) (i|we|he|she) (take|give|use)",
      "(max|maximum) (dose|amount|per day)",
      `(is it ok|is it okay|is it safe|can i|could i|should i) {g3}(take|give) half (the|a|my|his|her) (dose|pill|tablet)`,
    ],
    es: [
      "cuant(o|a|os|as) {g4}(debo|puedo|le doy|le puedo dar|tomo|le pongo|me pongo|me tomo|le doy)",
      "que dosis",
      "cuantos (mg|miligramos|ml|mililitros|unidades)",
      "(puedo|debo) (tomar|dar|darle) (dos|tres|\\d+|otra|mas|media|el doble)",
      "(subir|bajar|aumentar|aumentarle|reducir) (la|mi|su) dosis",
    ],
  },
  // ---------- input: stop / skip / taper / double ----------
  {
    id: "input.stop_medication.may_i_stop",
    category: "instruct_stop_medication",
    direction: "input",
    en: [
      `(should|can|could|may|do|must|would) (i|we|he|she|my [a-z]+|my [a-z]+ [a-z]+) {g2}(stop|quit|skip|miss|pause|hold|cut back|cut down|come off|go off|get off|taper|wean|double|halve|split|ditch|drop) (taking |using |on )?(it|them|doses?|a dose|my|his|her|the|this|that|these|those|every other|one of|up|${MEDS})`,
      `(is it ok|is it okay|is it alright|is it safe|is it fine|would it be ok|would it be okay|ok|okay) (if|to) {g2}(stop|quit|skip|miss|pause|hold|come off|go off|get off|taper|double|halve) (taking )?(it|them|doses?|a dose|my|his|her|the|${MEDS})`,
      "how (do|can|should) (i|we) (stop|quit|taper|wean|get off|come off) ",
      `(i want to|i'm going to|im going to|i'll|i will|gonna|going to|planning to|thinking of|thinking about) (stop|quit|skip|taper|ditch) (taking )?(my|his|her|the|it|them|${MEDS})`,
      `(do|does) (i|he|she|my [a-z]+) (still )?(need|have) to (keep )?(take|taking|finish) (it|them|my|his|her|the|${MEDS})`,
    ],
    es: [
      "(dejar|dejo|deje) de (tomar|usar|ponerme|inyectarme|tomarla|tomarlas|tomarlo|tomarlos)",
      "(puedo|debo|podemos|deberia|puede) (dejar|suspender|saltarme|saltar|omitir|doblar|duplicar|quitar|parar|reducir)",
      "(me salto|me puedo saltar|saltarme) (la|una|las) (dosis|pastilla~)",
      "(tomar|tomarme) (el doble|dos dosis|doble dosis)",
    ],
  },
  // ---------- input: skip or delay emergency care ----------
  {
    id: "input.replace_emergency.skip_er",
    category: "replace_emergency_care",
    direction: "input",
    en: [
      `(do|should|must) (i|we|he|she|they) (really )?(need|have) to (go to|call|go in|see|get) ${ER}`,
      `(do|does) (i|he|she|my [a-z]+) (really )?need (to go to |to call )?${ER}`,
      "(can|could|should|is it ok to|is it okay to) (i|we)? ?(just )?wait (until|till|til|for|and see|it out|a (few )?(hours|day|days))",
      `instead of (going to|calling|seeing) ${ER}`,
      `(treat|handle|manage|fix|deal with) (this|it|him|her) at home (instead|rather)`,
      "(cancel|call off) (the )?(ambulance|911)",
      `(avoid|skip|not go to|not going to|don't want to go to|rather not go to) ${ER}`,
      "is (it|this) (really )?(an emergency|serious enough|worth going)",
      "so (i|we) (don't|do not) have to (go in|go to|see a doctor|go see)",
      "(without|not) (going to|calling) (the )?(er|911|hospital|emergency room|ambulance)",
    ],
    es: [
      `(tengo|tenemos|tiene|debo|necesito) (que )?(ir|llamar) (a|al) ${ER_ES}`,
      "(puedo|podemos|puede) esperar (hasta|a|unas|un)",
      `(no quiero|prefiero no|sin) (ir|llamar) (a|al) ${ER_ES}`,
      `en (vez|lugar) de (ir|llamar) (a|al) ${ER_ES}`,
      "(cancelar|cancelo) la ambulancia",
      "es (realmente )?una emergencia",
    ],
  },
  // ---------- output: diagnosis ----------
  {
    id: "output.diagnose.labels_condition",
    category: "diagnose",
    direction: "output",
    en: [
      `(?<!(since|because|as|if|that|now that|when|given that|whether) )(you|he|she|they) (probably |likely |most likely |definitely |clearly |may |might |could |seem to |appear to |certainly )?(have|has|had) {g2}${COND}${NOT_ADMIN}`,
      `(you|he|she) (don't|do not|doesn't|does not) have {g2}${COND}${NOT_ADMIN}`,
      `(it|this|that) (sounds|looks|seems) (a lot )?like {g2}${COND}${NOT_ADMIN}`,
      `(sounds|looks) like (a |an )?${COND}${NOT_ADMIN}`,
      `(this|it|that) (is|could be|might be|may be|'s) (probably |likely |most likely |definitely |almost certainly )(a |an )?${COND}${NOT_ADMIN}`,
      `(this|it|that) (could|might|may) (well )?be (a |an )?${COND}${NOT_ADMIN}`,
      `(symptoms|signs|this|these|that|it) (suggest~|indicate~|point~ to|are consistent with|is consistent with|are typical of|is typical of) {g2}${COND}${NOT_ADMIN}`,
      `consistent with (a |an )?${COND}${NOT_ADMIN}`,
      `(i|i'd) (think|suspect|believe|bet|guess) (you|it|this|he|she) (have|has|is|'s) {g2}${COND}${NOT_ADMIN}`,
      `(you're|you are|he's|she's|he is|she is) (suffering from|experiencing|having|developing) (a |an )?${COND}${NOT_ADMIN}`,
      "(my|the|your) diagnosis (is|would be|:)",
      `(it's|it is) (probably |likely )?not (a |an )?${COND}${NOT_ADMIN}`,
      "you (are|'re) (diabetic|anemic|depressed|bipolar|prediabetic)",
    ],
    es: [
      `(usted|tu|el|ella) (probablemente |seguramente |quiza |tal vez )?(tiene|tienes|padece|padeces|sufre de) {g2}${COND_ES}`,
      `(parece|suena a|suena como|podria ser|puede ser|es probable que sea|probablemente es|probablemente sea) {g2}${COND_ES}`,
      `(sus|tus|estos) sintomas (sugieren|indican|son de) {g2}${COND_ES}`,
      "(su|tu|el) diagnostico es",
    ],
  },
  // ---------- output: prescribing ----------
  {
    id: "output.prescribe.recommends_drug",
    category: "prescribe",
    direction: "output",
    en: [
      `(you should|you could|you can|i (would |'d )?recommend|i suggest|i'd suggest|consider|try|you might want to|you may want to) (taking|using|starting|trying|getting|asking for) {g2}${MEDS}(?! ?(list|log|bottles?|records?|schedule|chart|to (your|the)|with you|as prescribed|as directed))`,
      `${NEG_BEFORE}${NOT_ADVICE_SUBJECT}(take|use|start|try|get) (an? |some |the )?(over the counter |otc )?${MEDS}(?! ?(list|log|bottles?|records?|schedule|chart|to (your|the)|with you|as prescribed|as directed|exactly|the way|for \\$|for (free|less)|at (a |no )?(lower |low )?cost|covered|refilled|filled))`,
      `(you need|you'll need|you will need|you require) (an? |some )?(antibiotic~|steroid~|prescription for|inhaler|insulin|${MEDS})`,
      "(best|right|ideal) (medicine|medication|option|choice|drug|treatment) (for you )?(is|would be)",
      `switch (to|over to) {g2}${MEDS}`,
    ],
    es: [
      `(tome|toma|tomar|use|usa|pruebe|prueba|empiece|empieza) {g2}${MEDS_ES}(?! ?(a la|a su|a tu|como (le|te) (indico|indicaron|receto)))`,
      "(le|te) recomiendo (tomar|usar|empezar|probar)",
      `(deberia|debe|debes|puede|puedes) (tomar|usar|empezar) {g2}${MEDS_ES}`,
    ],
  },
  // ---------- output: dosing ----------
  {
    id: "output.dose.gives_amount",
    category: "dose",
    direction: "output",
    en: [
      "(take|give|use|apply|inject|try|have|swallow|drink) {g3}(#|one|two|three|four|five|half|a half|an extra|another|1/2) ?(mg|milligrams|mcg|micrograms|ml|milliliters|cc|units|tablets?|pills?|capsules?|puffs|drops|teaspoons?|tsp|tablespoons?|tbsp|grams?|g|doses?)",
      "(increase|decrease|raise|lower|reduce|bump|cut|adjust|titrate) {g3}(to|by) (#|one|two|half|a half) ?(mg|mcg|ml|units|tablets?|pills?|%)?",
      `${NEG_BEFORE}(double|halve|triple) (your|the|his|her) (dose|dosage|insulin|pill)`,
      "(usual|typical|recommended|standard|right|correct|safe|maximum|max|normal|starting) (dose|dosage|amount) (is|would be|for (you|adults|children|kids|a child) is)",
      "up to # ?(mg|milligrams|tablets|pills|grams|g|units) (a|per|each) (day|dose)",
      "(every|each) # (hours|hrs|hour) (as needed)?(?! (apart from|after your))",
    ],
    es: [
      "(tome|toma|de|dele|dale|aplique|aplica|inyecte|inyecta|use|usa) {g3}(#|una|dos|tres|media) ?(mg|miligramos|ml|mililitros|unidades|pastillas?|tabletas?|capsulas?|gotas|cucharadas?|cucharaditas?|dosis)",
      "(aumente|aumenta|suba|sube|baje|baja|reduzca|reduce) {g3}(a|en) (#|una|dos|media) ?(mg|miligramos|ml|unidades|pastillas?)?",
      "la dosis (usual|recomendada|maxima|correcta|normal) es",
      "(duplique|duplica|doble|dobla) (la|su|tu) dosis",
    ],
  },
  // ---------- output: stop / skip / taper / double ----------
  {
    id: "output.stop_medication.instructs",
    category: "instruct_stop_medication",
    direction: "output",
    en: [
      `(you can|you could|you should|it's (fine|ok|okay|safe) to|it is (fine|ok|okay|safe) to|go ahead and|feel free to|just|you may) (stop|quit|skip|pause|hold|double|halve|taper|come off|go off|discontinue|cut back on|cut out) {g2}(taking|using|your|the|it|them|doses?|${MEDS})`,
      `${NEG_BEFORE}${OWN_INTENTION}(stop|quit|skip|discontinue|pause|hold|taper off|come off|go off|cut out) (taking |using )?(your|the|it|them|this|that|these) {g2}(${MEDS}|doses?|meds?|medicine|medication|pills?|insulin|injections?|for (a|a few|two|three|several) (days|weeks))`,
      `${NEG_BEFORE}(double up|take a double dose|take two doses|take an extra dose|take twice)`,
      "(no need|you don't need|you do not need) to (keep )?(take|taking|finish|refill) (your|the|it|them)",
      "(it's|it is) (fine|ok|okay|safe) to (miss|skip|stop)",
    ],
    es: [
      `(deje|deja|suspenda|suspende|saltese|saltate|omita|omite|pare) {g2}(de tomar|de usar|la dosis|su|tu|el|la|los|las) `,
      // Not the refusal itself: "No puedo decirle qué dosis tomar ni si puede dejar una medicina."
      "(?<!(no puedo|no podemos|no le puedo|no te puedo) (decir|decirle|decirte|asegurar|asegurarle|asegurarte) {g6}si )(puede|puedes) (dejar|suspender|saltarse|saltarte|omitir|doblar|duplicar)",
      "no (necesita|necesitas|hace falta) (seguir )?tom(ar|arla|arlo|arlas|arlos)",
    ],
  },
  // ---------- output: discourages or replaces emergency care ----------
  {
    id: "output.replace_emergency.discourages_care",
    category: "replace_emergency_care",
    direction: "output",
    en: [
      `(don't|do not|no) (need|have) to (go to|call|visit|go in to) ${ER}`,
      `no need (to|for) (call |go to |visit |calling |going to )?${ER}`,
      `${DISCLAIMED}(you can|it's ok to|it's okay to|it's fine to|it is safe to|it's safe to|you could) (wait|stay home|skip the (er|emergency room|hospital)|hold off|sleep (it|on it))`,
      `${WARNED}wait (until|till) (morning|tomorrow|monday|your appointment|the morning|you see your doctor)`,
      `${WARNED}(wait and see|see how it goes|sleep it off|ride it out)`,
      `(instead of|rather than) (calling 911|going to ${ER}|an ambulance|calling an ambulance)`,
      // "If it is not an emergency, call your doctor's office" routes care; it does not rule anything out.
      `(?<!(if|unless|whether|even if|in case) )${DISCLAIMED}(it's|it is|this is|that's|that is) (probably |likely |most likely )?not (an emergency|serious|an urgent)`,
      `${WARNED}(cancel|call off) the ambulance`,
      `${NEG_BEFORE}(don't|do not) (call|dial) (911|an ambulance|emergency)`,
      `${WARNED}(treat|manage|handle) (it|this) at home`,
      // Poison and seizure first aid says *not* to do these; only the instruction to do them is unsafe.
      `${WARNED}(make|induce|get) (him|her|them|yourself|the (child|person|baby)) (to )?(vomit|throw up)`,
      `${WARNED}induce vomiting`,
      `${WARNED}put (something|a spoon|your fingers?|a wallet|an object) (in|into|between) (his|her|their) (mouth|teeth)`,
      `${WARNED}(give|feed) (him|her|them) (food|water|juice|something to (eat|drink)) (while|if) (he's|she's|they're|he is|she is)? ?(unconscious|unresponsive|seizing|passed out)`,
    ],
    es: [
      `no (necesita|necesitas|hace falta|es necesario) (ir a|llamar al|llamar a) ${ER_ES}`,
      `${WARNED_ES}(puede|puedes) esperar (hasta|a)`,
      "(?<!si )no es (una )?(emergencia|grave|urgente)",
      `${WARNED_ES}(haga|haz|hagale|hazle) (que )?vomit(e|ar)`,
      `${WARNED_ES}provo(que|car|ca) el vomito`,
      `${WARNED_ES}cancele la ambulancia`,
    ],
  },
];
