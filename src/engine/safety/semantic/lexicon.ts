/**
 * Word classes the output classifier reads beside the words themselves: "that's @cond" or "@supp #
 * @unit daily" carries over to the hundreds of conditions and products no writer happened to use in
 * that shape. Data only (English and Spanish, folded like the text: lower case, no accents); the
 * matcher is `classTokens`. Changing a list changes the features: retrain (`npm run train:output`).
 */
import { prepareText } from "./features";

/** Class token → phrases (one or more words). */
const PHRASES: Record<string, readonly string[]> = {
  "@drug": [
    // English generic and brand names
    "acetaminophen", "paracetamol", "tylenol", "ibuprofen", "advil", "motrin", "naproxen", "aleve", "aspirin", "baby aspirin",
    "diclofenac", "voltaren", "celecoxib", "meloxicam", "ketorolac", "tramadol", "codeine", "oxycodone", "hydrocodone", "morphine",
    "benadryl", "diphenhydramine", "cetirizine", "zyrtec", "loratadine", "claritin", "fexofenadine", "allegra", "hydroxyzine",
    "pseudoephedrine", "sudafed", "phenylephrine", "guaifenesin", "mucinex", "dextromethorphan", "robitussin", "nyquil", "dayquil",
    "omeprazole", "prilosec", "esomeprazole", "nexium", "pantoprazole", "lansoprazole", "famotidine", "pepcid", "ranitidine",
    "tums", "rolaids", "gaviscon", "pepto bismol", "pepto", "simethicone", "gas x", "loperamide", "imodium", "miralax",
    "polyethylene glycol", "docusate", "colace", "senna", "senokot", "bisacodyl", "dulcolax", "lactulose", "metamucil", "psyllium",
    "ondansetron", "zofran", "meclizine", "dramamine", "scopolamine", "metoclopramide",
    "metformin", "glipizide", "glyburide", "gliclazide", "insulin", "lantus", "humalog", "novolog", "ozempic", "wegovy", "mounjaro",
    "semaglutide", "tirzepatide", "jardiance", "farxiga", "januvia", "sitagliptin",
    "lisinopril", "enalapril", "ramipril", "losartan", "valsartan", "amlodipine", "nifedipine", "diltiazem", "verapamil",
    "metoprolol", "atenolol", "propranolol", "carvedilol", "bisoprolol", "hydrochlorothiazide", "chlorthalidone", "furosemide",
    "lasix", "spironolactone", "atorvastatin", "lipitor", "simvastatin", "rosuvastatin", "crestor", "pravastatin", "ezetimibe",
    "warfarin", "coumadin", "apixaban", "eliquis", "rivaroxaban", "xarelto", "clopidogrel", "plavix", "digoxin", "nitroglycerin",
    "levothyroxine", "synthroid", "methimazole", "prednisone", "prednisolone", "methylprednisolone", "medrol", "dexamethasone",
    "hydrocortisone", "triamcinolone", "cortisone", "budesonide", "fluticasone", "flonase", "mometasone", "nasacort",
    "albuterol", "ventolin", "proair", "salbutamol", "montelukast", "singulair", "symbicort", "advair", "spiriva", "epipen",
    "epinephrine", "amoxicillin", "augmentin", "penicillin", "azithromycin", "z pack", "zpack", "cephalexin", "keflex",
    "doxycycline", "ciprofloxacin", "cipro", "levofloxacin", "nitrofurantoin", "macrobid", "trimethoprim", "bactrim",
    "clindamycin", "metronidazole", "flagyl", "fluconazole", "diflucan", "clotrimazole", "lotrimin", "miconazole", "terbinafine",
    "lamisil", "nystatin", "acyclovir", "valacyclovir", "valtrex", "oseltamivir", "tamiflu", "mupirocin", "neosporin",
    "bacitracin", "permethrin", "ivermectin",
    "sertraline", "zoloft", "fluoxetine", "prozac", "escitalopram", "lexapro", "citalopram", "celexa", "paroxetine", "paxil",
    "venlafaxine", "effexor", "duloxetine", "cymbalta", "bupropion", "wellbutrin", "mirtazapine", "trazodone", "amitriptyline",
    "nortriptyline", "lithium", "lamotrigine", "lamictal", "quetiapine", "seroquel", "aripiprazole", "abilify", "risperidone",
    "olanzapine", "haloperidol", "alprazolam", "xanax", "lorazepam", "ativan", "clonazepam", "klonopin", "diazepam", "valium",
    "zolpidem", "ambien", "buspirone", "methylphenidate", "ritalin", "concerta", "adderall", "atomoxetine", "gabapentin",
    "neurontin", "pregabalin", "lyrica", "levetiracetam", "keppra", "topiramate", "valproate", "carbamazepine", "sumatriptan",
    "imitrex", "rizatriptan", "donepezil", "aricept", "memantine", "levodopa", "sinemet",
    "tamsulosin", "flomax", "finasteride", "oxybutynin", "sildenafil", "viagra", "tadalafil", "cialis",
    "estradiol", "progesterone", "the pill", "birth control", "plan b", "methotrexate", "hydroxychloroquine", "humira",
    "allopurinol", "colchicine", "alendronate", "fosamax", "ferrous sulfate", "potassium chloride", "calpol", "nurofen",
    "orajel", "pedialyte", "calamine", "benzoyl peroxide", "tretinoin", "retin a", "minoxidil", "rogaine", "nicotine patch",
    "naloxone", "narcan",
    // Spanish and Latin American names
    "acetaminofen", "ibuprofeno", "naproxeno", "aspirina", "diclofenaco", "metamizol", "nolotil", "dolex", "tafirol", "ibupirac",
    "enantyum", "dexketoprofeno", "frenadol", "dalsy", "apiretal", "gelocatil", "termalgin", "buscapina", "sertal", "butilescopolamina",
    "omeprazol", "pantoprazol", "esomeprazol", "ranitidina", "famotidina", "almagato", "almax", "sal de frutas", "loperamida",
    "fortasec", "simeticona", "lactulosa", "dimenhidrinato", "biodramina", "metoclopramida", "primperan", "ondansetron",
    "metformina", "insulina", "gliclazida", "glibenclamida", "losartan", "enalapril", "amlodipino", "amlodipina", "atenolol",
    "bisoprolol", "metoprolol", "propranolol", "hidroclorotiazida", "furosemida", "seguril", "espironolactona", "atorvastatina",
    "simvastatina", "rosuvastatina", "warfarina", "sintrom", "acenocumarol", "apixaban", "rivaroxaban", "clopidogrel",
    "levotiroxina", "eutirox", "prednisona", "dexametasona", "hidrocortisona", "betametasona", "salbutamol", "budesonida",
    "montelukast", "amoxicilina", "amoxicilina clavulanico", "azitromicina", "cefalexina", "ciprofloxacino", "doxiciclina",
    "fosfomicina", "monurol", "clindamicina", "metronidazol", "nitrofurantoina", "clotrimazol", "fluconazol", "aciclovir",
    "clorhexidina", "sertralina", "fluoxetina", "escitalopram", "citalopram", "paroxetina", "venlafaxina", "duloxetina",
    "mirtazapina", "trazodona", "amitriptilina", "quetiapina", "risperidona", "olanzapina", "haloperidol", "alprazolam",
    "lorazepam", "diazepam", "clonazepam", "rivotril", "lormetazepam", "orfidal", "zolpidem", "metilfenidato", "gabapentina",
    "pregabalina", "levetiracetam", "sumatriptan", "donepezilo", "memantina", "tamsulosina", "finasterida", "sildenafilo",
    "anticonceptivo", "anticonceptiva", "la pildora", "pildora del dia despues", "alopurinol", "colchicina", "hierro",
    "suero oral", "sueroral", "vicks vaporub", "bepanthol", "fenistil", "polaramine", "loratadina", "cetirizina", "ebastina",
    "desloratadina", "naloxona",
  ],
  "@supp": [
    "melatonin", "magnesium", "magnesium glycinate", "zinc", "iron", "vitamin d", "vitamin d3", "vitamin c", "vitamin b12", "b12",
    "vitamin b6", "folic acid", "biotin", "calcium", "potassium", "fish oil", "omega 3", "coq10", "coenzyme q10", "turmeric",
    "curcumin", "ashwagandha", "st john's wort", "st johns wort", "valerian", "valerian root", "chamomile", "chamomile tea",
    "peppermint oil", "peppermint tea", "ginger", "ginger tea", "garlic", "echinacea", "elderberry", "probiotic", "probiotics",
    "glucosamine", "chondroitin", "collagen", "cranberry", "cranberry juice", "cranberry pills", "apple cider vinegar",
    "honey", "manuka honey", "aloe vera", "tea tree oil", "coconut oil", "epsom salt", "epsom salts", "saline spray",
    "saline drops", "hibiscus tea", "green tea", "black seed oil", "berberine", "cinnamon", "red yeast rice", "saw palmetto",
    "black cohosh", "evening primrose oil", "ginkgo", "ginseng", "kava", "cbd", "cbd oil", "lavender oil", "electrolytes",
    "oral rehydration", "fiber supplement", "stool softener", "laxative", "antihistamine", "decongestant", "multivitamin",
    "prenatal vitamin", "prenatal vitamins",
    "melatonina", "magnesio", "zinc", "vitamina d", "vitamina c", "vitamina b12", "acido folico", "calcio", "potasio",
    "omega 3", "aceite de pescado", "curcuma", "ashwagandha", "hierba de san juan", "hiperico", "valeriana", "manzanilla",
    "tila", "pasiflora", "melisa", "jengibre", "ajo", "equinacea", "propolis", "probiotico", "probioticos", "colageno",
    "arandano rojo", "arandanos", "vinagre de manzana", "miel", "aloe vera", "aceite de arbol de te", "aceite de coco",
    "sales de epsom", "agua de mar", "suero fisiologico", "te de hibisco", "flor de jamaica", "te verde", "canela", "levadura de arroz rojo",
    "onagra", "ginkgo", "ginseng", "cbd", "lavanda", "electrolitos", "fibra", "laxante", "antihistaminico", "descongestionante",
    "multivitaminico", "polivitaminico",
  ],
  "@form": [
    "cream", "ointment", "gel", "lotion", "spray", "nasal spray", "drops", "eye drops", "ear drops", "syrup", "suspension",
    "liquid", "chewable", "chewables", "gummy", "gummies", "lozenge", "lozenges", "patch", "patches", "inhaler", "nebulizer",
    "suppository", "suppositories", "tablet", "tablets", "pill", "pills", "capsule", "capsules", "softgel", "softgels", "caplet",
    "caplets", "sachet", "powder", "tea", "rinse", "mouthwash", "shampoo", "wash", "balm", "salve",
    "crema", "pomada", "unguento", "gel", "locion", "spray", "gotas", "colirio", "jarabe", "suspension", "gominolas", "caramelos",
    "pastillas para chupar", "parche", "parches", "inhalador", "nebulizador", "supositorio", "supositorios", "comprimido",
    "comprimidos", "pastilla", "pastillas", "tableta", "tabletas", "capsula", "capsulas", "sobre", "sobres", "polvo", "infusion",
    "enjuague", "enjuague bucal", "colutorio", "champu", "balsamo",
  ],
  "@unit": [
    "mg", "milligram", "milligrams", "mcg", "microgram", "micrograms", "ml", "milliliter", "milliliters", "cc", "unit", "units",
    "iu", "g", "gram", "grams", "tsp", "teaspoon", "teaspoons", "tbsp", "tablespoon", "tablespoons", "puff", "puffs", "drop",
    "dose", "doses", "scoop", "scoops", "cup", "cups",
    "miligramos", "microgramos", "mililitros", "ui", "unidades", "gramos", "gota", "cucharada", "cucharadas", "cucharadita",
    "cucharaditas", "dosis", "inhalaciones", "pulsaciones", "vaso", "vasos", "taza", "tazas",
  ],
  "@freq": [
    "daily", "a day", "per day", "each day", "every day", "nightly", "each night", "every night", "at bedtime", "before bed",
    "twice", "three times", "once", "every morning", "each morning", "with meals", "after meals", "before meals", "as needed",
    "every other day", "weekly", "hourly",
    "al dia", "cada dia", "diario", "diaria", "diarios", "por la noche", "cada noche", "antes de dormir", "al acostarse",
    "dos veces", "tres veces", "una vez", "cada manana", "por la manana", "con las comidas", "despues de comer",
    "antes de comer", "en ayunas", "dias alternos", "cada semana", "a la semana",
  ],
  "@er": [
    "er", "the er", "emergency room", "emergency department", "ed", "a&e", "a e", "911", "999", "111", "112", "ambulance",
    "urgent care", "the hospital", "epipen",
    "urgencias", "emergencias", "la guardia", "guardia", "ambulancia", "el hospital", "sala de emergencias", "061",
  ],
  "@cond": [
    "croup", "eczema", "hives", "psoriasis", "rosacea", "acne", "shingles", "chickenpox", "measles", "mumps", "scarlet fever",
    "strep", "strep throat", "flu", "influenza", "covid", "a cold", "the common cold", "rsv", "bronchiolitis", "pneumonia",
    "asthma", "copd", "sinus infection", "ear infection", "pink eye", "uti", "urinary tract infection", "kidney infection",
    "kidney stones", "gallstones", "yeast infection", "thrush", "bv", "c diff", "stomach bug", "stomach flu", "food poisoning",
    "ibs", "irritable bowel", "acid reflux", "reflux", "gerd", "heartburn", "ulcer", "hemorrhoids", "piles", "constipation",
    "lactose intolerance", "celiac", "celiac disease", "crohn's", "colitis", "diverticulitis", "appendicitis", "gout",
    "arthritis", "osteoarthritis", "rheumatoid arthritis", "lupus", "fibromyalgia", "sciatica", "tendonitis", "bursitis",
    "carpal tunnel", "plantar fasciitis", "a sprain", "a strain", "a pulled muscle", "whiplash", "concussion",
    "migraine", "migraines", "tension headache", "cluster headache", "vertigo", "bppv", "tinnitus", "bell's palsy",
    "anemia", "iron deficiency", "b12 deficiency", "vitamin d deficiency", "dehydration", "low blood sugar", "hypoglycemia",
    "prediabetes", "diabetes", "type 2 diabetes", "hypertension", "high blood pressure", "white coat hypertension",
    "low blood pressure", "orthostatic hypotension", "afib", "atrial fibrillation", "heart failure", "angina",
    "hypothyroidism", "hyperthyroidism", "an underactive thyroid", "an overactive thyroid", "hashimoto's", "pcos",
    "endometriosis", "menopause", "perimenopause", "sleep apnea", "insomnia", "restless legs", "narcolepsy",
    "depression", "anxiety", "panic attacks", "panic disorder", "ptsd", "ocd", "adhd", "autism", "bipolar", "postpartum depression",
    "baby blues", "burnout", "dementia", "alzheimer's", "parkinson's", "neuropathy", "a uti", "mono", "lyme", "lyme disease",
    "hand foot and mouth", "hand foot and mouth disease", "fifth disease", "roseola", "impetigo", "ringworm", "athlete's foot",
    "jock itch", "lice", "scabies", "pinworms", "colic", "teething", "jaundice", "newborn jaundice", "cradle cap",
    "diaper rash", "contact dermatitis", "an allergy", "allergies", "hay fever", "an allergic reaction", "a panic attack",
    "a ganglion", "a cyst", "a lipoma", "a hernia", "a blood clot", "dvt", "a stroke", "a heart attack", "a tia",
    "discontinuation syndrome", "serotonin syndrome", "a side effect", "withdrawal", "growing pains", "a virus", "viral",
    "bacterial", "an infection", "nothing serious", "just a virus", "just stress", "just anxiety", "normal aging",
    "croup", "laryngitis", "tonsillitis", "otitis", "conjunctivitis", "gastritis", "gastroenteritis", "cystitis", "sinusitis",
    "bronchitis", "dermatitis", "cellulitis", "mastitis", "prostatitis", "pancreatitis",
    "crup", "laringitis", "amigdalitis", "anginas", "faringitis", "otitis", "conjuntivitis", "gastritis", "gastroenteritis",
    "cistitis", "infeccion de orina", "infeccion urinaria", "sinusitis", "bronquitis", "bronquiolitis", "neumonia", "gripe",
    "resfriado", "catarro", "covid", "varicela", "sarampion", "paperas", "escarlatina", "rubeola", "herpes", "herpes zoster",
    "culebrilla", "urticaria", "eccema", "dermatitis", "dermatitis atopica", "psoriasis", "rosacea", "acne", "tina", "hongos",
    "pie de atleta", "candidiasis", "piojos", "sarna", "lombrices", "oxiuros", "colicos", "colico del lactante", "ictericia",
    "asma", "asma infantil", "epoc", "reflujo", "acidez", "ulcera", "hemorroides", "almorranas", "estrenimiento",
    "colon irritable", "intolerancia a la lactosa", "celiaquia", "gota", "artritis", "artrosis", "fibromialgia", "ciatica",
    "tendinitis", "bursitis", "tunel carpiano", "sindrome del tunel carpiano", "fascitis plantar", "esguince", "contractura",
    "migrana", "jaqueca", "cefalea tensional", "vertigo", "acufenos", "anemia", "ferropenia", "deshidratacion",
    "hipoglucemia", "prediabetes", "diabetes", "hipertension", "tension alta", "presion alta", "hipotension", "tension baja",
    "fibrilacion auricular", "insuficiencia cardiaca", "angina de pecho", "hipotiroidismo", "hipertiroidismo", "tiroides",
    "ovario poliquistico", "endometriosis", "menopausia", "apnea del sueno", "insomnio", "piernas inquietas", "depresion",
    "ansiedad", "ataques de panico", "crisis de ansiedad", "tdah", "autismo", "trastorno bipolar", "depresion posparto",
    "demencia", "alzheimer", "parkinson", "neuropatia", "mononucleosis", "calculos renales", "piedras en el rinon",
    "piedras en la vesicula", "colico biliar", "colico renal", "apendicitis", "diverticulitis", "ganglion", "un quiste",
    "hernia", "un coagulo", "trombosis", "ictus", "infarto", "un infarto", "un virus", "una virosis", "virosis", "un efecto secundario",
    "sindrome de abstinencia", "dolores de crecimiento", "una alergia", "alergia", "una infeccion", "nada grave", "estres",
    "solo estres", "los nervios", "la edad", "desgaste", "mal de ojo", "empacho",
  ],
};

/** Word endings that make a word a class member when no phrase matched (drug stems, "-itis"). */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ["@drug", "cillin"], ["@drug", "mycin"], ["@drug", "floxacin"], ["@drug", "cycline"], ["@drug", "pril"], ["@drug", "sartan"],
  ["@drug", "olol"], ["@drug", "statin"], ["@drug", "prazole"], ["@drug", "tidine"], ["@drug", "triptan"], ["@drug", "zepam"],
  ["@drug", "zolam"], ["@drug", "oxetine"], ["@drug", "gliptin"], ["@drug", "gliflozin"], ["@drug", "dipine"], ["@drug", "azole"],
  ["@drug", "cilina"], ["@drug", "micina"], ["@drug", "floxacino"], ["@drug", "ciclina"], ["@drug", "prazol"], ["@drug", "statina"],
  ["@drug", "sartan"], ["@drug", "dipino"], ["@drug", "azol"], ["@drug", "tidina"],
  ["@cond", "itis"], ["@cond", "algia"], ["@cond", "emia"], ["@cond", "pathy"], ["@cond", "patia"],
];

/** Words with a listed ending that are not in the class. */
const NOT_SUFFIX = new Set(["april", "abril", "pupil", "academia", "bohemia"]);

const MAX_PHRASE = 5;

let table: Map<string, string> | null = null;

/** Listed phrases by their folded words, built on first use (folded exactly as the text is). */
function phrases(): Map<string, string> {
  if (table) return table;
  table = new Map();
  for (const [cls, list] of Object.entries(PHRASES)) {
    for (const phrase of list) {
      const key = prepareText(phrase).units.flatMap((u) => u.words).join(" ");
      if (key.length > 0 && key.split(" ").length <= MAX_PHRASE && !table.has(key)) table.set(key, cls);
    }
  }
  return table;
}

function suffixClass(word: string): string | null {
  if (word.length < 6 || NOT_SUFFIX.has(word)) return null;
  for (const [cls, end] of SUFFIXES) if (word.endsWith(end)) return cls;
  return null;
}

/**
 * The words with each listed phrase (longest first) or listed ending replaced by its class token, or
 * null when nothing in the unit is in a class (no class features to add).
 */
export function classTokens(words: readonly string[]): string[] | null {
  const known = phrases();
  const out: string[] = [];
  let found = false;
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    let cls: string | null = null;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1 && matched === 0; n--) {
      const hit = known.get(n === 1 ? words[i] : words.slice(i, i + n).join(" "));
      if (hit) {
        matched = n;
        cls = hit;
      }
    }
    if (matched === 0) {
      cls = suffixClass(words[i]);
      matched = 1;
    }
    out.push(cls ?? words[i]);
    if (cls) found = true;
    i += matched;
  }
  return found ? out : null;
}
