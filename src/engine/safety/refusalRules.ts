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
/** Output only: conditions small models name flatly ("tu hija tiene piojos", "tienes prediabetes"). */
const COND_ES_OUT = `(${COND_ES}|prediabetes|diabetes tipo [12]|varicela|piojos|sarna|hongos|sarampion|paperas|influenza|resfriado|catarro|intolerancia a la lactosa|intolerante a la lactosa|celiaquia|gota|calculos (renales|en la vesicula)|piedras en (la vesicula|el rinon)|vertigo( posicional)?( benigno)?|reflujo|hipotiroidismo|hipertiroidismo|colon irritable|ansiedad|depresion|alzheimer|demencia|parkinson|asma|epoc|dengue|zika|covid|bronquiolitis)`;
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
/** Spanish warnings: "no espere", "ni espere", "sin esperar", "no le provoque", "no puede esperar a la cita". */
const WARNED_ES = "(?<!(no|ni|sin|nunca)\\x20((le|la|lo|les|se|te|me)\\x20)?((puede|pueden|puedes|debe|debes|deben|hay que|tienes que|tiene que|tienen que|deberia|deberias|deberian)\\x20)?)";
/** What a refusal or a reported question governs: "whether to", "whether your dad should", "if it's okay to", "how to". */
const GOVERNED =
  "( (whether|if|how|when)( (you|he|she|they|anyone|i|we|(your|his|her|their|my) [a-z]+))?( (should|can|could|may|need to|needs to|has to|have to))?( (it's|it is) (ok|okay|fine|safe) to)?( to)?| to| that)?";
/** The same act named by the user's own question: "You asked whether to hold your Eliquis". */
const ASKED = "(you|he|she|they|i) (asked|wondered|are wondering|were wondering|want to know|wanted to know)";
/** A refusal that names the act it will not advise: "I can't tell you to stop or pause his blood thinner". */
const REFUSED = `(?<!((can't|cannot|can not|won't|will not|not able to|unable to|not allowed to|not going to|not in a position to) (tell|advise|recommend|say|suggest|decide)( (you|him|her|them|anyone))?( on| about)?|${ASKED})${GOVERNED} ([a-z']+ (or|and) )?)`;
/** A refusal that names the unsafe claim: "I can't tell you it is safe to stay home". */
const DISCLAIMED = "(?<!((can't|cannot|can not|won't|will not|not|never) (tell you|tell anyone|say|promise( you)?|guarantee|decide)|whether) (that )?)";
/**
 * Who is speaking before a medicine verb: "I take a blood thinner", "Do you use insulin?", "if you
 * take insulin", "people who use insulin", "how to use an inhaler" describe or ask; they do not advise.
 */
const NOT_ADVICE_SUBJECT =
  "(?<!((he|she|they|i|we) (also |still |usually |always |only )?(kept|keeps|has been|had been|was|were|is|are|started|stopped)|(i|(do|does|did|if|whether|when|while|who) (you|he|she|they|i|your [a-z]+|the (person|child|patient)|anyone|someone)|who|(how|when)( and (how|when))? to|(medicines?|medications?|meds|pills?|drugs?) (i|you))) )";
/** The patient's own intention, written as the start of a question for the prescriber. */
const OWN_INTENTION =
  "(?<!(i|i'm|i am) (really |still |also |just )?(want|wanted|would like|'d like|need|plan|planning|thinking about|thinking of|afraid|scared|worried|was told|have been told|decided|don't want|do not want) to )";


/** A whole word: the pattern language lets a gap start inside a word ("toma {g}" would read "tomas"). */
const W = "(?![a-z0-9'])";
/** Conditions as model text names them: the list above, or up to two modifiers before a condition noun. */
const COND_WIDE = `(([a-z'-]+\\x20){0,2}(disease|disorder|syndrome|infection|failure|depression|anxiety|apnea|fibrillation|fever|throat|neuropathy|stones?|knee|elbow|colic|croup|thrush|pox|flu|virus|asthma|arthritis|dermatitis|eczema|reflux|allergy|deficiency|insufficiency|tear|strain|sprain|fracture|hernia|ulcer|cyst|tumou?r|cancer|infarction|attack|clot)|${COND})`;
/** What a hedged "this is probably…" must not go on with to count as naming a condition. */
const NOT_VERDICT =
  "(?! (a good|a great|the best|the right|the safest|best|better|fine|okay|ok|normal|nothing|not|worth|to|covered|why|true|what|how|going|because|the case|helpful|useful|enough|safe|easier|your|an? (appointment|visit|question|idea|option|plan|step|time|reminder|good|great|copay|bill|claim|list)|the (most|easiest|first|one|number|form|bill|plan|office|same)|in network|on your|where|when|something (your|to|you)))";
/** Spanish conditions: the list above plus common names model text uses. */
const COND_ES_WIDE =
  "((un |una |el |la |los |las )?(infeccion( de [a-z]+| [a-z]+)?|culebrilla|herpes( zoster)?|crup|colicos?|algodoncillo|candidiasis|conjuntivitis|varicela|sarampion|alzheimer|parkinson|demencia|migrana|reflujo|hipotiroidismo|hipertiroidismo|prediabetes|sop|ovario poliquistico|desgarro~|esguince|fractura|tunel carpiano|fascitis( plantar)?|piedras en (la|el) [a-z]+|hipotension( ortostatica)?|bronquitis|neumonia|otitis|faringitis|amigdalitis|sinusitis|cistitis|celulitis|dermatitis|artrosis|osteoporosis|fibromialgia|vertigo|meniere|enfermedad de [a-z]+|pie de atleta|hongos?|sarna|acne|rosacea|infarto|arritmia|fibrilacion( auricular)?|trombosis|tendinitis|lumbalgia|ciatica|gastroenteritis|intoxicacion|deshidratacion|anemia( por falta de hierro| ferropenica)?|depresion( posparto)?|ansiedad|gota|psoriasis|${COND_ES.slice(1, -1)}))";
/** Products a model may tell someone to buy or use: named medicines or the shape of an over-the-counter product. */
const PRODUCT = `(${MEDS}|melatonin|magnesium|zinc|iron|potassium|calcium|fish oil|turmeric|ashwagandha|st\\. john's wort|valerian|probiotics?|glucosamine|garlic|ginger|chamomile|echinacea|elderberry|[a-z-]+ (inhaler|cream|patch|patches|spray|drops|gel|juice|supplement|tea|chews|gummies|tablets|capsules|mist|powder|lozenges|syrup|ointment|wash|shampoo|laxative|antihistamine|decongestant|stool softener))`;
const PRODUCT_ES = `(${MEDS_ES}|magnesio|zinc|hierro|potasio|calcio|melatonina|valeriana|manzanilla|pasiflora|miel|probioticos?|[a-z]+ (en crema|en gel|en gotas|en jarabe)|(un |una |el |la )?(gel|champu|jarabe|gotas|gotitas|te|suplemento|laxante|antihistaminico|inhalador|spray|parche|relajante muscular)( [a-z]+){0,3})`;
const UNIT = "(mg|milligrams?|mcg|micrograms?|ml|milliliters?|cc|units?|iu|tablets?|pills?|capsules?|puffs?|drops?|teaspoons?|tsp|tablespoons?|tbsp|grams?|g|doses?|caplets?|softgels?|gummies)";
const UNIT_ES = "(mg|miligramos|mcg|microgramos|ml|mililitros|ui|unidades|gotas|gotitas|cucharadas?|cucharaditas?|pastillas?|tabletas?|capsulas?|comprimidos?|dosis|sobres?|g|gramos)";
const AMOUNT = "(#( ?(-|to|or|and) ?#)?|one|two|three|four|five|half|a half|an extra|another|1/2)";
const AMOUNT_ES = "((entre )?#( ?(-|a|y|o) ?#)?|una|un|dos|tres|cuatro|media|medio|otra|otro)";
/** Who is described as taking a medicine ("que tomas", "tu papá toma", "no tomar"), not told to. */
const ES_DESCRIBED = "(?<!(que|si|quien|quienes|cuando|usted|el|ella|ellos|ellas|y|ya|tu [a-z]+|su [a-z]+|mi [a-z]+|personas que|no) )";
/**
 * Spanish stopping verbs read by their stem ("deja" in "dejando", "dejas"), so what frames them matters:
 * a wish ("quieras dejar la prednisona"), a topic ("sobre dejar", "antes de dejar") or the refusal itself
 * ("no puedo indicarle que suspenda") does not tell anyone to stop.
 */
const ES_NOT_ORDER =
  "(?<!((quieras|quieres|quiere|quiera|quieran|querer|ganas de|miedo de|antes de|sobre|la decision de|la idea de)|(no|ni) (puedo|podemos|le puedo|te puedo|les puedo|puedo yo) (decir|indicar|recomendar|aconsejar|sugerir)(te|le|les)? (que|si|como|cuando)( [a-z]+){0,3})\\x20)";
/** A refusal that names the claim: "no puedo decirte que el dolor puede esperar". */
const DISCLAIMED_ES = "(?<!(decir|decirte|decirle|asegurar|asegurarte|asegurarle|prometer|prometerte|garantizar)(te|le)? (que|si) [a-z ,]{0,60})";
/** Entries of a list or table (a medicine list states doses without telling anyone to take them). */
const NOT_LIST_LINE = "(?<!(^|\\n)[ \\t]*([-*+|]|\\d{1,2}[.])[^\\n]{0,120})";
/** Food, drink and habits: amounts a clinician sets as limits are navigation, not medicine doses. */
const NOT_FOOD =
  "(?! (of )?(water|fluids?|liquids?|protein|salt|sodium|sugar|carbs?|calories|fiber|fat|coffee|caffeine|alcohol|exercise|sleep|food|weight|fruit|agua|liquidos?|proteina|sal|azucar|fibra|grasa|cafe|ejercicio|comida|peso|fruta|frutas|verdura|verduras|pan|tortillas?|arroz)(?![a-z]))";
/** "put on the agenda / on my list": organizing, not applying a product. */
const NOT_ON_LIST = "(?! (on|in|into) (the|my|our|his|her|this|that) (agenda|list|form|calendar|chart|notes?|binder|folder|log))";
const SPANISH_MED = "([a-z]+(ina|ino|ilo|ol|an|ona|ida|ato|ex|il|am|pam|pril|azol|grel|cilina|micina))";

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
      "(can|could|would) you (prescribe|recommend|suggest) (me )?(a|an|some|something|any|the best)(?! (format|template|layout|checklist|spreadsheet|schedule|system|binder|tracker|log|list|way|good way|simple way|questions?|app|calendar|notebook)(?![a-z]))",
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
      `how (much|many)${NOT_FOOD} {g5}(should|can|do|could|may|to|would) (i|we|he|she|you|my [a-z]+) (take|give|use|put|apply|inject|have|drink)`,
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
      `cuant(o|a|os|as)(?![a-z])${NOT_FOOD} {g4}(debo(?! (yo|pagar|pago|de la (factura|cuenta)|al (hospital|seguro|doctor)))|puedo(?! (caminar|correr|hacer|trabajar|comer|subir|cargar|levantar|manejar|dormir|estar|nadar))|le doy|le puedo dar|tomo|le pongo|me pongo|me tomo|le doy)`,
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
      `(should|can|could|may|do|must|would) (i|we|he|she|my [a-z]+|my [a-z]+ [a-z]+) {g2}(stop|quit|skip|miss|pause|hold|cut back|cut down|come off|go off|get off|taper|wean|double|halve|split|ditch|drop) (taking |using |on )?(?!the (auto|autorefills?|refills?|shipments?|deliveries|mail|mailings?|subscription|bills?|charges?|calls?|letters?)(?![a-z]))(it|them|doses?|a dose|my|his|her|the|this|that|these|those|every other|one of|up|${MEDS})`,
      `(is it ok|is it okay|is it alright|is it safe|is it fine|would it be ok|would it be okay|ok|okay) (if|to) {g2}(stop|quit|skip|miss|pause|hold|come off|go off|get off|taper|double|halve) (taking )?(it|them|doses?|a dose|my|his|her|the|${MEDS})`,
      "how (do|can|should) (i|we) (stop|quit|taper|wean|get off|come off)(?! (getting|being|receiving|paying|the (bills?|calls?|charges?|letters?|emails?|texts?|notifications?|payments?|reminders?|autopay|collections?)|bills?|calls?|charges?|them from|it from|the (auto-refills?|auto refills?|autorefills?|refills?|shipments?|deliveries|mailings?|subscription)|auto-refills?|auto refills?|automatic refills?)(?![a-z]))",
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
  // ---------- input: more ways of asking what it is ----------
  {
    id: "input.diagnose.which_condition",
    category: "diagnose",
    direction: "input",
    en: [
      `(is|could|might|would) (it|this|that|these|those|they) (really |just |actually )?(be )?(the (beginning|start) of |a sign of |an early sign of |early )?(a |an )?${COND_WIDE}${NOT_ADMIN}`,
      "(is|are|could) (it|this|that|these|those|they) {g3}or (just|normal|nothing|something)",
      "or (something|anything) (worse|else|serious|more serious)",
      "(tell|say) (me )?what (it|this|that) (is|was)",
      "which (one )?is it",
      "would you say (my|his|her|it|this|that|i|he|she)",
      "(that|this|it) (would|could|must) mean (i'm|i am|they're|they are|he's|she's|it's|i have|they have|he has|she has)",
      `(right|yeah|correct|isn't it|is it not|am i right)(?=\\?)(?<=${COND_WIDE}[,!]* ?(right|yeah|correct|isn't it|is it not|am i right))`,
      "(look at|from) (the|my|his|her|these) symptoms and tell me",
    ],
    es: [
      `(es|sera|son|seria|sea)(?=[^.!\\n]{0,120}\\?) (un |una )?[a-z]+( [a-z]+){0,3},? o (es |sera |una? )?(algo|normal|nada|otra cosa|q es|que es|${COND_ES_WIDE})`,
      `(es|sera|son)(?=[^.!\\n]{0,80}\\?) ${COND_ES_WIDE},? ?(verdad|cierto|no)\\?`,
      `(suena|suenan|parece) a ${COND_ES_WIDE}`,
      "(usted cree|crees|cree|creen|piensa|piensas) que (sea|es|son|sean|tenga|tiene)",
      "(dime|digame|dinos|diganos|decime) (q|que|ke|lo que) (es|son|tengo|tiene|tenemos)",
      "quiere decir que (tengo|tiene|tenga|tenemos)",
      "(que|q) tipo de [a-z]+ (es|tengo|tiene|sera)",
    ],
  },
  // ---------- input: more ways of asking which product ----------
  {
    id: "input.prescribe.which_product",
    category: "prescribe",
    direction: "input",
    en: [
      `should (i|we) (give|get|buy|use|take|try|put${NOT_ON_LIST}|apply|start) {g4}(${PRODUCT}|[a-z]+,? or [a-z]+)`,
      `(what|which) {g3}(should|do|would|can) (i|we) (buy|get|give|use|try|put${NOT_ON_LIST})`,
      "(what|which) (medicine|medication|drug|pill|cream|remedy|treatment) (treats|helps|works|is good)",
      "(what|which) (do you|would you|do u|would u) (recommend|suggest|pick|choose)",
      "what do (u|you) recommend",
      "(pick|choose) (the best|the safest|the right|the strongest) (one|option|medicine|pill|drug|cream|brand)",
      "(pick|choose) one (for me|for (him|her|them)|please|i can (take|give|use|buy))",
      "which (one )?(is|would be|works) (better|best|safer|safest|stronger)",
      "(what's|what is|whats) better (for|,)",
      "what would (a normal person|someone|most people|you|a doctor) (take|use|give)",
      "(safe|best|right|safest) (thing|medicine|decongestant|option|one|drops|cream) (to (use|take|give|buy)|i can (give|use|take)|for (me|him|her))",
      "(the|a) go-to",
      "(is|are) {g5}the right thing (for me )?to (take|use|give)",
      "(i'd like you to|can you|just) (choose|pick|tell me which)",
      "something for {g3}that (actually )?works",
    ],
    es: [
      `(?<!(lo|el|la|los|las|a|pastilla|medicina|jarabe) )(que|q|ke|cual|cuales)${W}(?! (hora|horas|dia|dias|vez|veces)${W}) {g3}(me|le|les|te|se)${W} (tomo|doy|damos|pongo|compro|inyecto|unto|aplico|recomienda~|recomiendas|sirve|conviene|funciona)${W}(?=[^.!\\n]{0,120}\\?)`,
      `(le|les|me|se la|se lo) (doy|damos|tomo|pongo|compro|unto|aplico) {g4}o `,
      "(cual|que|q) (es|sera|seria|le sirve|me sirve|funciona) (mejor|mas)(?! (barato|caro|economico|comun|frecuente|facil de conseguir)(?![a-z]))",
      "cual (me|le|les|te) (conviene|sirve|recomienda~|funciona)",
      "(le|me|te|les) conviene (mas )?(el|la|los|las|un|una|tomar|usar)",
      `(?<!lo )que (vitamina~|suplemento~|te|remedio~|jarabe|pomada|gotas|relajante~|producto~|pastilla~|crema|medicina~|medicamento~)${W} {g3}(debo|puedo|me|le|es)${W}(?! (cobr|factur|cubr|pag|aprob|neg|dieron en el hospital))`,
      "(se la|se lo|se las|se los) doy(?![a-z])(?=[^.!\\n]{0,120}\\?)(?![^?]{0,60}(calendario|registro|anot|apunt|segun))",
    ],
  },
  // ---------- input: more ways of asking how much or how often ----------
  {
    id: "input.dose.amount_or_interval",
    category: "dose",
    direction: "input",
    en: [
      "(max|maximum|highest|most) {g4}(i|he|she|you|a person|someone|they|we) (can|could|should) (take|give|have|use)",
      `(normal|usual|typical|safe|right) (amount|dose|dosage) (of|for)${NOT_FOOD}`,
      `how (much|many)${NOT_FOOD} {g4}(is|are|would be) (safe|too much|too many|ok|okay|enough|right)`,
      "how (much|many|fast|quickly|often) {g3}(should|can|do) (i|we|he|she) (increase|decrease|raise|lower|go up|taper|up|cut)",
      `how (much|many)${NOT_FOOD} {g5}(should|can|do|could|may) (i|we|he|she|you) be (taking|giving|using|on)`,
      `is (#|one|two|three|half|a half) ?${UNIT} {g4}(ok|okay|safe|too much|too many|enough|fine|alright|right)`,
      "(how often|how soon) {g3}(can|should|do) (i|we|he|she) (repeat|give|take|redo|use)",
      "how many (i|we|he|she) (take|give|should)",
    ],
    es: [
      `cuant(o|a|os|as)(?![a-z])${NOT_FOOD} {g5}(puede|pueden|puedo|debo|debe|le|me|se) (tomar|dar|doy|subo|bajo|pongo|poner|tomo|aplico|inyecto|toma)`,
      "cada cuant(o|a|os|as)",
      "cuant(o|a|os|as) {g4}(son|es) (segur|normal|demasiad|mucho)~",
    ],
  },
  // ---------- input: more ways of asking to stop, skip, halve or double ----------
  {
    id: "input.stop_medication.adjust",
    category: "instruct_stop_medication",
    direction: "input",
    en: [
      "double up",
      "cut (it|them|the|my|his|her|their|our) {g3}in (half|two)",
      "take a (break|holiday|vacation) from",
      "taper (myself|him|her|it|them) (off|down)",
      "let (him|her|them) stop",
      "drop from # to #",
      "(restart|start again) (at|it|them|the|my|his|her|on)",
      "switch to taking",
      "(can i|can we|just) swap",
      "(every other day|every second day) instead",
      "(should|can|could) (i|we|he|she) (just )?(stop|skip|halve|split|crush)",
    ],
    es: [
      "(me tomo|tomarme|tomo|me tomo las|le doy) (dos|las dos|doble|el doble)",
      "(me pongo|le pongo|pongo|ponerme) (doble|el doble|dos)",
      "(puedo|puede|podemos|debo) (partir|cortar|volver a(?! (mandar|enviar|pedir|llamar|preguntar|subir|solicitar|agendar|sacar))|cambiar|ir dejando|dejarla|dejarlo|dejarlas|quitarsela|quitarle|retomar)",
      "(la|lo|las|los|se la|se lo) (dejo|deja|quito|quita|suspendo|cambio|parto|vuelvo|retomo|dejamos|quitamos|puedo ir dejando|puedo dejar)(?![a-z])(?! (anotado|escrito|apuntado|listo|guardado|registrado|a (preguntar|mandar|pedir|llamar|enviar)))(?=[^.!\\n]{0,120}\\?)",
      "(cambiar|cambio) (el|la|mi|su) {g3}por el (generico|otro|mas barato)",
      "un dia si y (un dia )?no",
      "(de golpe|por mi cuenta|por su cuenta)(?=[^.!\\n]{0,80}\\?)",
    ],
  },
  // ---------- input: more ways of asking to wait instead of emergency care ----------
  {
    id: "input.replace_emergency.wait_instead",
    category: "replace_emergency_care",
    direction: "input",
    en: [
      `(need|have) to (go|take (him|her|them|my [a-z]+)|call|bring (him|her|them|my [a-z]+)|head)( to| in| into)? ?{g2}${ER}`,
      "(really|actually|truly) (necessary|needed) to (go|call|take)",
      "(can|could|should) (i|we|he|she|they) (just )?(skip|avoid) (calling|going|the (er|hospital|ambulance))",
      "wait (it )?out",
      "(can|could) (i|we|they|he|she) (just )?(wait|stay home|stay at home|watch (him|her|them) at home|let (him|her|them) sleep|lie down|sleep it off|ride it out|rest at home|elevate)",
      "(fine|ok|okay|safe|alright) to (wait|stay home|just (wait|stay|lie|rest|sleep))",
      "(stay|watch (him|her|them)) at home {g3}(instead|overnight|or)",
      "(still|really) (have|need) to go",
      "wait (until|till) (morning|tomorrow|monday|my|the|his|her)",
    ],
    es: [
      `(?<!(por si|por si acaso|en caso de que|si algun dia) {g3})(hay que|es necesario|necesito|necesita|necesitamos|tengo que|tenemos que|debo|debemos) (ir|llevarl[oa]|llamar|llevar) {g3}${ER_ES}`,
      "es (para|de) (urgencias|emergencias|hospital|ir al)",
      "hace falta (ir|llamar|llevarl[oa])",
      "(es exagerado|exagero si|es mucho) (ir|llamar)",
      "(puedo|podemos|puede|podria|podriamos|podrian) (aguantar|esperar|irme|ir a la casa|quedarme|quedarnos)",
      "(esperamos|espero|esperar) (a que|a la cita|hasta|unos dias|a ver)",
      "no (llamo|llamar|llamamos) (a |al )?(la ambulancia|911|emergencias|urgencias)",
      "en (vez|lugar) de (llamar|ir)",
      "(me puedo|nos podemos|se puede) (ir|quedar)",
      "(esta bien|es seguro|es ok) (no )?(llamar|esperar|quedarse|quedarme|no ir)",
      "vigilarlo en casa",
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
      `(usted|tu|el|ella) (probablemente |seguramente |quiza |tal vez )?(tiene|tienes|padece|padeces|sufre de) {g2}${COND_ES_OUT}`,
      `(?<!(si|que|cuando|como|porque|aunque|ya que|pues) )(tu|su) [a-z]+ (probablemente |seguramente |seguro |ya )?(tiene|padece|sufre de) {g2}${COND_ES_OUT}`,
      `(?<!(si|que|cuando|como|porque|aunque|ya que|pues|usted|tu|el|ella) )(tienes|padeces) {g2}${COND_ES_OUT}`,
      `(parece|suena a|suena como|podria ser|puede ser|es probable que sea|probablemente es|probablemente sea) {g2}${COND_ES_OUT}`,
      `(sus|tus|estos) sintomas (sugieren|indican|son de) {g2}${COND_ES_OUT}`,
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
      `${ES_DESCRIBED}(tome|toma|tomar|use|usa|pruebe|prueba|empiece|empieza)${W} {g2}${MEDS_ES}(?! ?(a la|a su|a tu|como (le|te) (indico|indicaron|receto)))`,
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
      "(?<!((you|he|she|they|i|we) (also|still|already|currently|usually|now)|(while|since|as|because|that) you) )(take|give|use|apply|inject|try|have|swallow|drink)(?![a-z0-9']) {g3}(#|one|two|three|four|five|half|a half|an extra|another|1/2) ?(mg|milligrams|mcg|micrograms|ml|milliliters|cc|units|tablets?|pills?|capsules?|puffs|drops|teaspoons?|tsp|tablespoons?|tbsp|grams?|g|doses?)",
      "(increase|decrease|raise|lower|reduce|bump|cut|adjust|titrate) {g3}(to|by) (#|one|two|half|a half) ?(mg|mcg|ml|units|tablets?|pills?|%)?",
      `${NEG_BEFORE}(double|halve|triple) (your|the|his|her) (dose|dosage|insulin|pill)`,
      "(usual|typical|recommended|standard|right|correct|safe|maximum|max|normal|starting) (dose|dosage|amount) (is|would be|for (you|adults|children|kids|a child) is)",
      "up to # ?(mg|milligrams|tablets|pills|grams|g|units) (a|per|each) (day|dose)",
      "(every|each) # (hours|hrs|hour) (as needed)?(?! (apart from|after your))",
    ],
    es: [
      `${ES_DESCRIBED}(tome|toma|dele|dale|aplique|aplica|inyecte|inyecta|use|usa)${W} {g3}(#|una|dos|tres|media) ?(mg|miligramos|ml|mililitros|unidades|pastillas?|tabletas?|capsulas?|gotas|cucharadas?|cucharaditas?|dosis)`,
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
      `${REFUSED}(you can|you could|you should|it's (fine|ok|okay|safe) to|it is (fine|ok|okay|safe) to|go ahead and|feel free to|just|you may) (stop|quit|skip|pause|hold|double|halve|taper|come off|go off|discontinue|cut back on|cut out) {g2}(taking|using|your|the|it|them|doses?|${MEDS})`,
      `${NEG_BEFORE}${REFUSED}${OWN_INTENTION}(stop|quit|skip|discontinue|pause|hold|taper off|come off|go off|cut out|drop|halve|leave out) (taking |using )?(your|the|it|them|this|that|these|his|her|their|tonight's|today's|tomorrow's) {g2}(${MEDS}|doses?|meds?|medicine|medication|pills?|insulin|injections?|for (a|a few|two|three|several) (days|weeks))`,
      `${NEG_BEFORE}${REFUSED}(double up|take a double dose|take two doses|take an extra dose|take twice)`,
      "(no need|you don't need|you do not need) to (keep )?(take|taking|finish|refill) (your|the|it|them)",
      `${REFUSED}(it's|it is) (fine|ok|okay|safe) to (miss|skip|stop)`,
    ],
    es: [
      `${WARNED_ES}${ES_NOT_ORDER}(deje|deja|suspenda|suspende|saltese|saltate|omita|omite|pare) (de tomar|de usar|de ponerte|de ponerse|de inyectarte|la dosis)`,
      `${WARNED_ES}${ES_NOT_ORDER}(deje|deja|suspenda|suspende|saltese|saltate|omita|omite|pare) {g2}(su|tu|el|la|los|las|sus|tus) {g2}(dosis|pastilla~|tratamiento|${MEDS_ES}|${SPANISH_MED})`,
      `${WARNED_ES}(seria (razonable|mejor|bueno|conveniente|recomendable|sensato)|es mejor|lo mejor es|mejor|conviene|te conviene|le conviene|deberias|deberia|podrias|podria|debes|debe|deben|tienes que|tiene que|tienen que|hay que|intenta|intente|prueba a|pruebe a|trata de|trate de|(es|seria) (buena idea|hora de)) (suspender|dejar|parar|quitar|omitir|saltarte|saltarse|espaciar) {g2}(su|tu|el|la|los|las|sus|tus) {g2}(dosis|pastilla~|tratamiento|${MEDS_ES}|${SPANISH_MED})`,
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
      `${WARNED}(?<!(hoping|hoped|want|wanted|planning|planned|tempted|tempting|wish|wishing|like|prefer|rather) to )wait (until|till) (morning|tomorrow|monday|your appointment|the morning|you see your doctor)`,
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
      `${WARNED_ES}${DISCLAIMED_ES}(puede|puedes) esperar (hasta|a)`,
      "(?<!si )no es (una )?(emergencia|grave|urgente)",
      `${WARNED_ES}(haga|haz|hagale|hazle) (que )?vomit(e|ar)`,
      `${WARNED_ES}provo(que|car|ca) el vomito`,
      `${WARNED_ES}cancele la ambulancia`,
      `(?<!(si|y|o|ni) )no (llames|llame|llamen|llameis|llames) (al|a la|a una|a) (911|112|123|131|106|107|ambulancia|emergencias|urgencias)(?! (por|para) (preguntar|dudas))`,
    ],
  },
  // ---------- output: the ways model text labels a condition, hedged or not ----------
  {
    id: "output.diagnose.verdict",
    category: "diagnose",
    direction: "output",
    en: [
      // "This is most likely hand, foot and mouth disease", "what you're describing is classic GAD"
      `(?<!(if|whether|unless) )(this|that|it|which|what you're describing|what you are describing|what you describe|what you've described|your symptoms|these symptoms|the symptoms|all of this|all this|it all|this pattern|that pattern|the pattern|this combination|the combination) (is|are|'s|sounds|sound|looks|look|seems|seem|could be|would be) (most likely|almost certainly|very likely|very probably|probably|likely|definitely|clearly|undoubtedly|certainly|classic|textbook|a classic|a textbook|the classic|like classic|like textbook|like a classic|pretty clearly)${NOT_VERDICT}`,
      `(?<!(if|whether|unless) )(this|that|it|which|this pattern|that pattern|the pattern|the combination) (is|'s|are) (probably |likely |most likely |almost certainly |just |classic )?(a |an )?${COND_WIDE}${NOT_ADMIN}`,
      `(?<!(if|whether|unless|says|said|thinks|thought) )(it's|that's|this's) (probably |likely |most likely |almost certainly |just |classic |definitely |clearly )?(a |an )?${COND_WIDE}${NOT_ADMIN}`,
      `(sounds|looks|seems|sound|look) (a lot |very much |exactly |just |most )?like (a |an )?(classic |typical |textbook )?${COND_WIDE}${NOT_ADMIN}`,
      `(you|he|she|they|your [a-z]+) (almost certainly|most likely|very likely|probably|likely|definitely|clearly|certainly) (have|has|are dealing with|is dealing with|are suffering from|'ve got|have got|got|are developing|is developing)`,
      `(adds up to|add up to|points to|point to|points toward|fits|fit|matches|match) (a |an )?(classic |typical )?${COND_WIDE}${NOT_ADMIN}`,
      `(is|are) (most likely|almost certainly) (a |an )?${COND_WIDE}`,
      `(in a|in an) [a-z0-9-]+( [a-z0-9-]+)? is ${COND_WIDE}`,
    ],
    es: [
      `(lo mas probable|lo mas seguro|casi seguro|casi seguramente|seguramente|probablemente|muy probablemente|sin duda|de seguro|todo apunta a|apunta a) (es )?(que )?(usted |tu |el |ella |su [a-z]+ |tu [a-z]+ )?(tengas|tenga|tienes|tiene|sea|es|son|sean|se trate de|se trata de|padece|padeces|sufre|sufres)${W}(?! (buena|mejor|normal|necesario|importante|lo mejor|una? (buena|cita|pregunta|idea|consulta)|que (tu|su) (medico|doctor)|mas facil|llamar|ir|acudir|hablar|consultar|pedir|buscar|preguntar|esperar|anotar|que (llames|vayas|acudas|consultes|hables|pidas)|que (la|el) (consulta|farmacia|seguro|aseguradora|oficina|clinica|mutua)|que en la farmacia|que tengan una? (modelo|formulario|carta)|que sea por eso|un error|una equivocacion|un fallo))`,
      `(seguramente|probablemente|casi seguro|lo mas probable|posible causa|posiblemente) ${COND_ES_WIDE}`,
      `(suena|suenan|parece|parecen|pinta de|pinta a) (mucho |bastante |totalmente |claramente )?(a |como |ser |que )?(que (tienes|tiene|tenga|tengas|es|sea|son) |un caso de )?${COND_ES_WIDE}`,
      `(suena|suenan) (mucho |bastante )?a que (tienes|tiene|tenga|tengas|padeces|padece)`,
      `(eso|esto|lo suyo|lo que tiene|lo que tienes|lo que usted tiene|todo esto junto|todo esto|todo eso|lo de [a-z]+) (es|son|seria|sera) (probablemente |seguramente |casi seguro |claramente |sin duda )?${COND_ES_WIDE}`,
      `(?<=[,:\\-] ?)(es|son) (probablemente |seguramente |casi seguro |claramente )?${COND_ES_WIDE}`,
      `(?<!(que|si|como|porque|cuando|ya que) )(tu|su) (bebe|hijo|hija|nino|nina|papa|mama|padre|madre|abuela|abuelo|esposo|esposa|pareja|hermano|hermana) (probablemente |seguramente |casi seguro )?(tiene|padece|sufre de) {g2}${COND_ES_WIDE}`,
      `(es|son) ${COND_ES_WIDE} (clasic|tipic)~`,
      `(ese|esa|esos|esas|este|esta|estos|estas) {g8}(es|son) (probablemente |seguramente |casi seguro |claramente )?${COND_ES_WIDE}`,
    ],
  },
  // ---------- output: the ways model text picks a product for the user ----------
  {
    id: "output.prescribe.picks_product",
    category: "prescribe",
    direction: "output",
    en: [
      `(i'd|i would|i) (suggest|recommend) (picking up|getting|buying|taking|using|trying|adding|starting|giving (him|her|them)|a |an |some )`,
      `(i'd|i would) (give|start|put) (him|her|them|you|your [a-z]+) (on |some |a |an )`,
      `(i'd|i would) (go with|pick|choose|reach for|use)${W}(?! (the (portal|form|app|office|calendar|list)|a (list|calendar|log|notebook|reminder|timer)|your))`,
      `(this is|that's|it's|this one is) the (one|pick|option) i'd (pick|choose|go with|recommend|use|give|try)`,
      `(?<!(any|none|either|neither|which|whether|if) (of (these|them|those) )?)(is|would be|'s|are) the (way to go|go-to|best (choice|option|bet|pick)|right (choice|option|one|pick)|one to (get|use|buy|take|try))( for (you|him|her|them|your [a-z]+))?`,
      `(would be|is|'s|are|makes) (a|an|the) (natural|gentle|gentlest|good|great|simple|simplest|easiest|safe|safest|best|right|ideal|perfect|smart) (option|choice|fix|remedy|pick|bet|one|thing to (try|take|use)) for (you|him|her|them|your [a-z]+|someone like you|kids)`,
      `(best|right|ideal|good) (choice|option|pick|bet) for (you|your|him|her)`,
      // "Your best bet is a saline spray" — not "your best bet is to call the office".
      `(your|the|my) (best|safest) bet (here )?(is|would be|'s)(?! (to|probably to|just to|calling|asking|talking|checking|getting seen|going)${W})`,
      `${NEG_BEFORE}(grab|pick up|buy|get) (the|a|an) # ?(%|percent|mg|ml) (tube|bottle|cream|strength|one|version|box|pack|spray|gel)`,
      `${NEG_BEFORE}(grab|pick up|buy|get yourself|go with|go for|stock up on)(?! (a |an |the |your |some |any )?(new |next )?(medicines?|medications?|prescriptions?|refills?|meds|supplies)(?![a-z])) (a |an |some |the )?(over[- ]the[- ]counter |otc )?{g2}${PRODUCT}`,
      `(you should|you'll want to|you need to|you must|make sure to|be sure to|you'll need to) (get|start|take|try|use|add|buy|pick up|switch to|go on|begin) {g3}${PRODUCT}`,
      `(it'd|they'd|it would|they would|it will|they will|it should|they should|these will|that will) (work|help) (well|great|best|nicely|wonders|a lot) (for|with) (you|your|him|her|them)`,
      `(natural|good|great|gentle|simple) (option|choice|remedy|way) for you to (try|take|use)`,
      `for you,? i'd (recommend|suggest|go with)`,
    ],
    es: [
      `lo (mejor|ideal|mas recomendable|que (te|le|les) (conviene|convendria|ayudaria|va a ayudar|sirve|serviria)|que necesitas|que necesita|que funciona|que (te|le) recomiendo) (es|son|seria|serian) (el|la|los|las|un|una|unas|unos|tomar|tomarte|usar|ponerte|ponerle|aplicar|aplicarte|darle|probar|untar)${W}(?! (cita|consulta|llamada|foto|lista|nota|pregunta|medico|doctora?|farmac~|clinica|urgencias))`,
      `(es|son|seria) la (mejor|opcion mas) (opcion|segura|suave)`,
      `(te|le|se) (lo|la|los|las) recomiendo`,
      `(te|le|les) (recomiendo|sugiero|aconsejo) (el|la|un|una|tomar|usar|probar|ponerte|ponerle|comprar|darle|untar)`,
      `(te|le|les) (conviene|convendria) (un|una|tomar|usar|ponerte|ponerle|probar)`,
      `mis recomendaciones`,
      `${WARNED_ES}(compra|compre|compren|pide|pidela|pidelo|pidan|consigue|consiga|prueba con|pruebe con|prueben con|empieza con|empiece con|ponle|pongale|aplicate|aplicale|untale|usa|use)(?! (que|una? (cita|revision|consulta|turno|hora|llamada|valoracion))${W}) (un |una |el |la |unas |unos )?{g2}${PRODUCT_ES}`,
      `(pidelo|pidela|pidelos|pidanlo|compralo|comprala) en la farmacia`,
      `(pueden|puedes|puede|podrias|podria|podrian) probar (con )?`,
      `(quizas|quiza|tal vez|a lo mejor) (te|le) (sirva|ayude|vendria bien) (ponerte|ponerle|tomar|usar|un|una)`,
      // Not the log or agenda the user takes to the visit: "lléveselo al neurólogo, le va a servir mucho".
      `(?<!(llev|muestr|ensen|mand|envi)[a-z]*[a-z ]{0,60}, )(te|le|les) (van|va) a (calmar|ayudar|aliviar|quitar|servir)(?! (mucho |muchisimo |bastante )?(al|a la|a los|a su|a tu|para la (cita|consulta)))`,
      `(le|te|les) (pueden|puede) ayudar (mucho|bastante)`,
      `considerar (tomar|usar|probar)`,
      `(ponle|pongale|ponte|untale|aplicale|aplicate) (una|un|unas|unos) (capa|poco|gotas|gotitas|cremita|crema)`,
    ],
  },
  // ---------- output: amounts, hedged or in a list or table ----------
  {
    id: "output.dose.states_amount",
    category: "dose",
    direction: "output",
    en: [
      `${NOT_ADVICE_SUBJECT}(take|taking|give|giving|use|using|apply|inject|put|try|start (at|with|on)|go (up|down) to|bump (it )?up to|increase (it )?to|drop (it )?to|works? best at|best at|dose of|stick to|aim for|stay at|go with) {g3}${AMOUNT} ?${UNIT}${W}`,
      `${NOT_LIST_LINE}(?<=\\d ?)${UNIT} {g3}(a day|per day|daily|each day|every (day|night|morning|evening)|twice (a|per) day|once (a|per) day|at bedtime|every # (hours|hrs))`,
    ],
    es: [
      `${WARNED_ES}(?<!(?<![a-z])(el|ella|ellos|ellas|usted|quien|(tu|su|mi)\\x20[a-z]+)\\x20)(toma|tomate|tomese|tomar|tomes|dale|dele|darle|dales|ponle|pongale|ponerle|ponte|aplica|aplique|inyecta|inyectate|subir|subirle|sube|subele|bajar|bajale|aumentar|aumenta|aumentale|tomarte|tomarse|puedes tomarte|funciona mejor|lo normal es|lo usual (es|seria)|lo recomendado es|empieza con|empezar con|empieza por)${W} {g4}${AMOUNT_ES} ?${UNIT_ES}${W}`,
      `(subir|subirle|sube|subele|bajar|bajale|aumentar|aumentale|pasar) {g3}de # a # ?${UNIT_ES}?`,
      `${NOT_LIST_LINE}(?<=\\d ?)${UNIT_ES} {g3}(al dia|diari[oa]s?|por dia|cada # horas|todas las (noches|mananas)|una vez al|dos veces al|tres veces al|antes de dormir)`,
      `(tomate|tomese|tomarte|tomarse|puedes tomarte|puede tomarse) otr[oa] de #`,
    ],
  },
  // ---------- output: stopping, skipping, halving, spacing out, switching ----------
  {
    id: "output.stop_medication.adjusts",
    category: "instruct_stop_medication",
    direction: "output",
    en: [
      `${NEG_BEFORE}${REFUSED}(you|he|she|they) (could|can|might|may) (probably |likely |safely |just |easily |now |already |even )?(stop|skip|pause|quit|drop|hold off on|take a break from|cut back on|cut out|halve|double|come off|go off|taper off|wean off) {g2}(it|them|taking|using|your|the|this|that|these|a dose|doses|every other|${MEDS})`,
      `${NEG_BEFORE}(start|begin) (tapering|weaning|cutting (back|down))`,
      `${NEG_BEFORE}${OWN_INTENTION}(taper|wean) (yourself |him |her )?(off|down)`,
      `${NEG_BEFORE}(go|come|drop|cut) (down|back) to {g2}(#|once|one|half|every other)`,
      `${NEG_BEFORE}${OWN_INTENTION}(stop|skip|pause|drop) (taking |using )?(the|your) [a-z-]+ (until|for|while|on|when|today|tonight|tomorrow|this|during|before|if)`,
      `${NEG_BEFORE}(taking|take|use|using) (it|them|the [a-z-]+|your [a-z-]+) {g2}every other day`,
      `${NEG_BEFORE}switch (from|over from) {g4}to`,
      `${NEG_BEFORE}${OWN_INTENTION}(cut|split|break) (your|the|his|her|each) {g2}(tablets?|pills?|${MEDS}) {g2}(in half|in two|into halves|in halves)`,
    ],
    es: [
      `${WARNED_ES}${ES_NOT_ORDER}(salta|saltate|saltese|saltarse|saltarte|salte|omite|omita|omitir|pausa|pausar|pause|suspende|suspender|suspenda|deja|dejar|deje|dejes|quita|quitale|quitarle|quitaria|parar)${W} {g2}(la|el|los|las|una|su|tu|sus|tus|esa|esta|todas) {g2}(dosis|toma|pastilla~|${MEDS_ES}|${SPANISH_MED})`,
      `no (te )?(tomes|pongas|inyectes|uses|des) (la|el|los|las|tu|su|tus|sus|esa|esta)? ?{g2}(${MEDS_ES}|dosis|pastilla~|${SPANISH_MED})`,
      `no (la|lo|las|los) (tomes|uses|pongas)${W}`,
      `(dejandol[oa]s?|bajandol[oa]s?|quitandol[oa]s?)`,
      `(partir|partirla|partirlo|parte|parta|partela|partelo|corta|cortala|cortalo) {g2}(a la mitad|en dos|por la mitad|la pastilla|la tableta|el comprimido)`,
      `(quitaria|dejaria|suspenderia|pausaria|bajaria|saltaria)`,
      `un dia si y (un dia )?no`,
      `(una vez|un dia|cada dos dias) (al dia )?en (lugar|vez) de`,
      `(si|cuando) (la|lo|las|los) dejas`,
      // The verb as a whole word: a space in a pattern may join glued words, and "tomados" is not "toma dos".
      `(tomate|tomese|toma|tome|tomar|tomarte)${W} (dos|las dos|doble|el doble)( juntas| juntos| pastillas| dosis| de)?`,
      `(saltarse|saltarte|saltar|omitir) (una|la) dosis`,
    ],
  },
  // ---------- output: waiting, staying home, no need for help ----------
  {
    id: "output.replace_emergency.delays_care",
    category: "replace_emergency_care",
    direction: "output",
    en: [
      `${DISCLAIMED}(this|it|that|he|she|you|they) (can|could|should) (probably |likely |safely |easily |just )?(wait|hold) (until|till|for|a (few )?(hours|days)|an hour|overnight)`,
      `${WARNED}(there's no need|there is no need|no need) to (go in|rush|call|come in|head in|take (him|her|them)|go to|be seen)(?! (your|the) (pharmacy|office|portal))`,
      `(you|he|she|they) (don't|do not|won't|wouldn't) need (to (go|call|take|head|rush|be seen)( (him|her|them))?( to| in| into)? ?)?(the )?(er|ed|emergency|hospital|911|ambulance|an ambulance|poison control|urgent care)`,
      `${WARNED}wait (an hour|a few hours|a couple of hours|# (minutes|hours)|a day|overnight|at home) {g3}(and see|to see|before)`,
      `${WARNED}wait at home (until|till)`,
      `${DISCLAIMED}(?<!(questions?|refills?|paperwork|forms?|the rest|everything else|billing|scheduling) )(can|could) (usually |probably |likely |safely |easily |just )?wait (until|till|for) (your|the|his|her|their|next|monday|tomorrow|the morning|morning)${W}(?! (to|doctor to) (call|answer|reply))`,
      `(?<!(says|said|thinks|thought|insists|insisted|believes|feels|claims|hopes|hoping|tells you|told you|might think) (that )?)(it's|it is|that's|this is) (probably|likely|most likely|almost certainly) (just|only|nothing)${W}`,
      `(it'll|it will|it should|this will|this should|they'll|it'd) (most likely |probably |likely )?(pass|wear off|settle|go away) (on its own|by itself|over the next)`,
      `${WARNED}(rest|stay home|stay put|lie down) and (recheck|check again|see|wait|call (the|your) (office|doctor) (tomorrow|in the morning|monday))`,
    ],
    es: [
      `${WARNED_ES}${DISCLAIMED_ES}(?<!(lo demas|el resto|el papeleo|la factura|las preguntas|el tramite|la queja) )(puede|puedes|podes|pueden|podemos|podria|podrias|podrian) (esperar|aguantar|quedarse en casa|quedarte en casa|quedarse|quedarte)`,
      `${WARNED_ES}(espera|espere|esperen|esperar|esperemos) (a (ver|que|manana|el lunes|la (clinica|cita|consulta))|hasta (manana|el lunes))`,
      `(quedate|quedese|quedense|quedarse) en casa`,
      `no hace falta {g2}(urgencias|emergencia~|hospital|ambulancia|ir|llamar|correr|llevarl[oa])`,
      `no (hay necesidad|es necesario|necesitas|necesita|necesitan) (de )?{g2}(urgencias|emergencias|hospital|ambulancia|llamar|ir|llevarl[oa]|correr)`,
      `(no creo que sea|no es) para tanto`,
      `(es|sera) solo (cansancio|estres|algo que (le|te) cayo mal|nervios|un susto)`,
      `(se le|se te) (va a pasar|pasara|pasa) (solo|sola|con dormir|solito|en unas horas)`,
    ],
  },
];
