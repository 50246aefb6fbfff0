/**
 * Words folded to concepts: 'सोयाबीनवर', 'soyabean' and 'soya' are all `soybean`; 'पिवळे', 'पीले' and
 * 'pivle' are all `yellow`. Retrieval then compares what a question is about with what an entry is
 * about, whatever the language or script the farmer typed in.
 *
 * Forms:
 * - Devanagari forms match as prefixes (Marathi and Hindi glue case endings and postpositions onto the
 *   word: कांद → कांदा, कांद्याचा, कांद्यावर); a form ending in '=' matches only the whole word.
 * - Latin forms match whole words, also without a plural 's'/'es'; a form ending in '*' is a prefix
 *   (romanised Marathi inflects too: kandyacha, kapsavar).
 * - A form with spaces is a phrase of such words and wins over its single words ('seed rate' is not a
 *   market rate; 'पांढरी माशी' is whitefly, not a white sign).
 * Text is compared after `fold`: NFC, lower case, no nukta, chandrabindu as anusvara, ऱ as र, no ZWJ/ZWNJ.
 */

/** How much a matched concept weighs: crops and problems decide, signs help, topics steer, parts barely count. */
export const KIND_WEIGHT = {
  crop: 3,
  problem: 3,
  intent: 3,
  sign: 2,
  topic: 1.5,
  part: 0.5,
  /** Only used to decide whether a question is about the asker's own data. */
  own: 0,
  /** Things the knowledge base has nothing about (livestock, forecasts): their presence argues for 'no answer'. */
  outside: 0,
} as const;
export type Kind = keyof typeof KIND_WEIGHT;

type Table = Record<string, [Kind, string]>;

/** concept id → [kind, forms separated by ','] */
const TABLE: Table = {
  // Crops
  soybean: ['crop', 'soybean, soyabean, soyabeen, soybeen, soyabin, soybin, soyabin*, soyabean*, soya, soy, सोयाबीन, सोयाबिन, सोया'],
  cotton: ['crop', 'cotton, kapus, kapas, kapsa*, kapsi*, कापूस, कापस, कपास'],
  tur: ['crop', 'tur, toor, tuar, turi, turila, turivar, turichya, pigeon pea, pigeonpea, arhar, red gram, redgram, तूर, तुरी, तुरीच, अरहर, तुअर'],
  onion: ['crop', 'onion, kanda, kande, kandy*, pyaj, pyaaj, pyaz, pyaaz, कांद, प्याज'],
  sugarcane: ['crop', 'sugarcane, sugar cane, oos, uus, ganna, ganne, ऊस, गन्न'],
  wheat: ['crop', 'wheat, gahu, gehu, gehun, gavhu, गहू, गव्ह, गेहूं, गेहू'],
  gram: ['crop', 'gram, chickpea, chana, chane, harbhara, harbharyavar, harbhar*, हरभर, हरबर, चना=, चने=, चन्या'],
  jowar: ['crop', 'jowar, jwari, jowari, sorghum, ज्वारी, ज्वार'],
  maize: ['crop', 'maize, corn, maka, makka, मका, मक्य, मक्का, मक्के'],
  grape: ['crop', 'grape, grapes, draksha, द्राक्ष, अंगूर'],
  pomegranate: ['crop', 'pomegranate, dalimb, anar, डाळिंब, डाळींब, अनार'],
  chilli: ['crop', 'chilli, chili, chillies, mirchi, मिरची, मिर्च'],
  vegetables: ['crop', 'vegetable, vegetables, bhajipala, sabzi, sabji, भाजीपाला, भाजी, सब्जी, सब्ज़ी'],

  // Pests and diseases
  'yellow-mosaic': ['problem', 'mosaic, ymv, virus, मोझॅक, मोझेक, मोजॅक, मोजेक, मोझाक, विषाणू, विषाणु, वायरस'],
  rust: ['problem', 'rust, tambera, gerua, pustule, तांबेरा, तांबेर, गेरुआ, गेरूआ, रस्ट, पुरळ, फफोल'],
  'leaf-spot': ['problem', 'frogeye, cercospora, anthracnose, leaf spot, फ्रॉगआय, सर्कोस्पोरा, अँथ्रॅकनोज, एन्थ्रेक्नोज'],
  blight: ['problem', 'blight, blotch, karpa, jhulsa, alternaria, करपा, करप्या, झुलसा, ब्लॉच'],
  thrips: ['problem', 'thrips, fulkide, phulkide, फुलकिड, थ्रिप्स'],
  aphid: ['problem', 'aphid, aphids, mava, mawa, maahu, mahu, मावा, माहू'],
  jassid: ['problem', 'jassid, jassids, tudtude, तुडतुड, जैसिड'],
  whitefly: ['problem', 'whitefly, white fly, pandhri mashi, पांढरी माशी, पांढऱ्या माशी, पांढर्या माशी, सफेद मक्खी'],
  sucking: ['problem', 'sucking, रसशोषक, रस चूसक'],
  bollworm: ['problem', 'bollworm, bondali, bond ali, बोंडअळ, बोंड अळी, सुंडी, boll'],
  armyworm: ['problem', 'armyworm, army worm, lashkari, लष्कर, आर्मीवर्म'],
  'pod-borer': ['problem', 'pod borer, podborer, helicoverpa, ghate ali, ghateali, घाटेअळ, घाटे अळी, फली छेदक, छेदक, शेंगा पोखरणार, पोखरणार'],
  wilt: ['problem', 'wilt, wilting, mar rog, ukhtha, ukatha, मर=, मर रोग, मररोग, मलूल, उकठा, मुरझा, विल्ट'],
  reddening: ['problem', 'reddening, lalya, लाल्या, लाली='],
  deficiency: ['problem', 'deficiency, kamtarta, कमतरता, कमी होना, chlorosis'],
  micronutrient: ['problem', 'zinc, iron, micronutrient, जस्त, लोह, जस्ता, झिंक, जिंक, फेरस'],
  pest: ['topic', 'pest, pests, insect, insects, kid, keed, kida, kide, किड, कीड, कीट, पतंग'],
  larva: ['topic', 'larva, larvae, caterpillar, illi, अळी, अळ्या, इल्ली'],
  disease: ['topic', 'disease, diseases, rog, fungus, fungal, रोग, बुरशी, फफूंद, बीमारी'],

  // Signs
  yellow: ['sign', 'yellow, yellowing, pivla, pivli, pivle, pivala, pivali, piwla, piwle, peela, peeli, peele, pila, pili, पिवळ, पीला, पीली, पीले, पीलापन, पीलेपन, पीत'],
  spots: ['sign', 'spot, spots, spotting, dag, daag, thipke, thipka, thipake, dhabba, dhabbe, patches, ठिपक, डाग, धब्ब, दाग, चट्ट, चकत्त'],
  brown: ['sign', 'brown, tapkiri, bhura, bhure, तपकिरी, भूर, तांबूस'],
  red: ['sign', 'red, lal, लाल=, लाल, लालसर'],
  purple: ['sign', 'purple, jambhla, jambhala, जांभळ, बैंगनी'],
  pink: ['sign', 'pink, gulabi, गुलाबी'],
  white: ['sign', 'white, silver, silvery, streaks, pandhra, pandhre, pandhari, पांढर, चंदेरी, सफेद, चांदी'],
  black: ['sign', 'black, kali, kalya, काळी=, काळ्या, काळा=, काली='],

  // What is asked for
  price: ['intent', 'price, prices, rate, rates, bhav, bhaav, mandi, apmc, market, bazar, bajar, msp, enam, e nam, बाजारभाव, बाजार, भाव, दर=, किंमत, कीमत, मंडी, हमीभाव, एपीएमसी'],
  insurance: ['intent', 'insurance, bima, vima, pik vima, pmfby, premium, विमा, बीमा, पीएमएफबीवाय, पीएमएफबीवाई'],
  loan: ['intent', 'loan, loans, credit, kcc, karj, karz, interest, कर्ज, ऋण, केसीसी, व्याज, ब्याज, क्रेडिट'],
  'pm-kisan': ['intent', 'pm kisan, pmkisan, pradhan mantri kisan, samman nidhi, sanman nidhi, namo shetkari, पीएम किसान, पीएमकिसान, प्रधानमंत्री किसान, सन्मान निधी, सम्मान निधि, नमो शेतकरी'],
  ekyc: ['intent', 'ekyc, e kyc, kyc, केवायसी, ईकेवायसी, ई केवाईसी, केवाईसी'],
  instalment: ['topic', 'instalment, installment, instalments, installments, hapta, kist, हप्त, किस्त'],
  scheme: ['part', 'scheme, schemes, yojana, yojna, योजन, योजना'],
  money: ['part', 'money, amount, paise, paisa, rupees, rs, पैस, रक्कम, रुपये, राशि'],
  subsidy: ['intent', 'subsidy, subsidies, anudan, अनुदान, सब्सिडी'],
  helpline: ['intent', 'helpline, help line, call centre, call center, toll free, hotline, हेल्पलाइन, कॉल सेंटर, टोल फ्री'],
  'soil-card': ['intent', 'soil health card, health card, soil test, soil testing, mati parikshan, soil card, मृदा आरोग्य, मृदा स्वास्थ्य, माती परीक्षण, मिट्टी जांच, मिट्टी की जांच, परीक्षण'],

  // Topics
  sowing: ['topic', 'sow, sowing, sown, planting, plantation, transplant, transplanting, perni, perani, lagvad, lagwad, lagavad, buvai, buwai, bowai, पेर, लागवड, लागण, बुवाई, बुआई, बोएं, बोये, रोपाई'],
  seed: ['topic', 'seed, seeds, seed rate, biyane, biyan*, beej, bij, बियाण, बीज, बी='],
  'seed-treatment': ['intent', 'seed treatment, rhizobium, psb, बीजप्रक्रिया, बीज प्रक्रिया, बीजोपचार, रायझोबियम, राइजोबियम'],
  spacing: ['topic', 'spacing, distance, antar, row, rows, अंतर, फासला, दूरी'],
  season: ['part', 'season, hangam, हंगाम, मौसम, month, महिना'],
  fertiliser: ['topic', 'fertiliser, fertilizer, fertilisers, fertilizers, khat, khad, urea, dap, npk, nitrogen, potash, phosphorus, खत=, खते=, खता, खताच, खतांच, खाद, उर्वरक, युरिया, यूरिया, नत्र, नाइट्रोजन, स्फुरद, पालाश, डीएपी'],
  manure: ['topic', 'manure, fym, compost, shenkhat, शेणखत, कंपोस्ट, कम्पोस्ट, गोबर'],
  irrigation: ['topic', 'irrigate, irrigation, irrigating, water, watering, pani, paani, पाणी, पाण्य, पानी, सिंचन, सिंचाई, sinchan, sinchai'],
  drip: ['intent', 'drip, thibak, sprinkler, ठिबक, टपक, ड्रिप'],
  soil: ['topic', 'soil, soils, mati, maati, mitti, jamin, zameen, माती, जमीन, जमिन, मिट्टी, मृदा'],
  ph: ['intent', 'ph, samu, alkaline, acidic, saline, सामू, पीएच, विम्ल, आम्ल, क्षार, अम्लीय'],
  rain: ['topic', 'rain, rainfall, monsoon, paus, paaus, baarish, barish, पाऊस, पावस, मान्सून, मानसून, बारिश, वर्षा'],
  kharif: ['topic', 'kharif, खरीप, खरीफ'],
  rabi: ['topic', 'rabi, रब्बी, रबी'],
  heat: ['intent', 'heat, hot, heatwave, heat wave, garmi, ushnata, उष्ण, ऊन, गर्मी, लू='],
  temperature: ['topic', 'temperature, tapman, तापमान'],
  moisture: ['topic', 'moisture, humidity, olava, olawa, nami, ओलावा, ओलाव, ओल=, ओली=, आर्द्रता, नमी'],
  sensor: ['topic', 'sensor, sensors, reading, readings, सेन्सर, सेंसर, रीडिंग'],
  pruning: ['intent', 'pruning, prune, chatni, chhatni, छाटणी, छंटाई'],
  bahar: ['intent', 'bahar, बहार'],
  cultivation: ['topic', 'cultivation, farming, kheti, sheti, खेती, शेती'],
  harvest: ['topic', 'harvest, harvesting, kadhni, काढणी, कापणी, कटाई, खुदाई'],
  storage: ['topic', 'storage, store, sathavan, साठवण, भंडारण'],
  intercrop: ['intent', 'intercrop, intercropping, antarpik, आंतरपीक, अंतरफसल, अंतरपीक'],
  bbf: ['intent', 'bbf, broad bed, बीबीएफ, रुंद वरंबा'],

  // Parts and small words that steer a little
  leaf: ['part', 'leaf, leaves, pan, pane, paan, patte, patti, pat, पान=, पाने=, पाना, पानां, पात=, पत्त'],
  control: ['part', 'control, spray, remedy, upay, upaay, medicine, insecticide, pesticide, fungicide, उपाय, नियंत्रण, फवार, छिड़क, छिडक, दवा, औषध, कीटकनाशक'],

  // The asker's own data
  mine: ['own', 'my, our, mine, majhya, mazya, majha, maza, majhi, mazi, majhe, maze, amchya, amcha, mere, meri, mera, hamare, hamara, hamari, माझ्या, माझे, माझी, माझा, आमच्या, आमचे, आमची, आमचा, मेरे, मेरी, मेरा, हमारे, हमारी, हमारा'],
  field: ['own', 'field, fields, farm, plot, shet, shetat, shetala, shetatil, khet, शेत, खेत, प्लॉट'],

  // What the knowledge base does not cover
  livestock: ['outside', 'cow, cows, buffalo, goat, goats, sheep, poultry, chicken, dairy, milk, cattle, गाय, गाई, म्हैस, म्हशी, शेळ, बकरी, दूध, दुग्ध, कोंबड, मुर्गी, पशु, जनावर, गुरे'],
  forecast: ['outside', 'tomorrow, forecast, weather, udya, उद्या, हवामान अंदाज, पूर्वानुमान'],
};

/** Words with no meaning for retrieval (function words in the three languages and romanised Marathi/Hindi). */
const STOP = new Set(
  [
    'the a an is are was what how when which who why where i me we you it of in on at to for and or do does did should can could will would with from about this that these those be been much many there please tell get give per hectare acre day days today now there here some any no not yes my our your has have am s',
    'ahe aahe ahet kay kasa kashi kase kiti kadhi konte konti kona ani va var madhe madhye la na cha chi che chya ka ki ke ko ne aaj aajcha aajchi karave karava karavi kara dyave dyava pahije hot hote zale jhale padli padle padla pad ali nahi kuthe',
    'hai hain kya kaise kab kitna kitni kitne kaun mein me se par aur kar karen karna chahiye raha rahe rahi ho ka ki ke ko aaj',
    'आहे आहेत काय कसे कशी कसा कधी किती कोणते कोणती कोणता मी व आणि हे ते ती तो का तर साठी मला आम्ही तुम्ही करावे करावी करावा करा द्यावे द्यावा सांगा आज आजचा आजची आजचे होत पडले पडली पडला झाले नाही कुठे पहावे मिळेल मिळतात',
    'है हैं क्या कैसे कैसी कब कितना कितनी कितने कौन कौनसी मैं में के की का और को से पर करें करना बताएँ बताएं बताइए भी यह वह रहे रही रहा हो आज चाहिए',
  ]
    .join(' ')
    .split(' '),
);

const DEVANAGARI = /[\u0900-\u097F]/;

/** One spelling for the variants a phone keyboard produces. */
export function fold(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u200c|\u200d|\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0931/g, '\u0930');
}

export const wordsOf = (text: string): string[] => fold(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

type Form = { words: string[]; exact: boolean[]; prefix: boolean[] };
type Entry = { id: string; kind: Kind; form: Form };

function parseForm(raw: string): Form {
  const words: string[] = [];
  const exact: boolean[] = [];
  const prefix: boolean[] = [];
  for (const w of fold(raw).split(/\s+/)) {
    const isExact = w.endsWith('=');
    const isPrefix = w.endsWith('*');
    const bare = w.replace(/[=*]$/, '');
    const devanagari = DEVANAGARI.test(bare);
    words.push(bare);
    exact.push(isExact || (!devanagari && !isPrefix));
    prefix.push(isPrefix || (devanagari && !isExact));
  }
  return { words, exact, prefix };
}

const ENTRIES: Entry[] = Object.entries(TABLE)
  .flatMap(([id, [kind, forms]]) => forms.split(',').map((f) => ({ id, kind, form: parseForm(f.trim()) })));

/**
 * The entries by their first word, each with its place in ENTRIES: `read` looks up the few entries a word can
 * start (the word itself, its prefixes, its singular) instead of testing all of them at every word. Reading every
 * knowledge-base passage at start (retrieval.ts) took ~1 s of CPU with the full scan.
 */
const BY_FIRST_WORD = new Map<string, Array<{ at: number; entry: Entry }>>();
ENTRIES.forEach((entry, at) => {
  const first = entry.form.words[0];
  const list = BY_FIRST_WORD.get(first);
  if (list) list.push({ at, entry });
  else BY_FIRST_WORD.set(first, [{ at, entry }]);
});

/** The entries whose first word `word` may match (a superset of the matches, in ENTRIES order). */
function candidates(word: string): Entry[] {
  const found = new Map<number, Entry>();
  const add = (key: string) => {
    for (const { at, entry } of BY_FIRST_WORD.get(key) ?? []) found.set(at, entry);
  };
  add(word);
  for (let n = 2; n < word.length; n++) add(word.slice(0, n));
  for (const w of singular(word)) add(w);
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
}

export const kindOf = (concept: string): Kind => TABLE[concept][0];
export const weightOf = (concept: string): number => KIND_WEIGHT[kindOf(concept)];
export const isConcept = (id: string) => id in TABLE;

const singular = (w: string) => (w.length > 4 && w.endsWith('es') ? [w.slice(0, -2), w.slice(0, -1)] : w.length > 3 && w.endsWith('s') ? [w.slice(0, -1)] : []);

function wordMatches(word: string, form: Form, i: number): boolean {
  const f = form.words[i];
  if (word === f) return true;
  if (form.prefix[i] && word.startsWith(f) && f.length >= 2) return true;
  if (!DEVANAGARI.test(f) && form.exact[i]) return singular(word).includes(f);
  return false;
}

export type Reading = {
  /** Concepts found, in order, without repeats. */
  concepts: string[];
  /** Content words that are neither stop words nor part of a concept. */
  rest: string[];
};

/** The concepts a text speaks of, and the content words left over. */
export function read(text: string): Reading {
  const ws = wordsOf(text);
  const concepts: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < ws.length; ) {
    // The longest phrase wins, then the longest form ('शेती' is farming, not 'शेत' the field).
    const hit = candidates(ws[i]).filter((e) => i + e.form.words.length <= ws.length && e.form.words.every((_, k) => wordMatches(ws[i + k], e.form, k))).sort(
      (a, b) => b.form.words.length - a.form.words.length || b.form.words.join(' ').length - a.form.words.join(' ').length,
    )[0];
    if (hit) {
      if (!concepts.includes(hit.id)) concepts.push(hit.id);
      i += hit.form.words.length;
      continue;
    }
    const w = ws[i++];
    if (!STOP.has(w) && w.length > 1 && !/^\p{N}+$/u.test(w)) rest.push(w);
  }
  return { concepts, rest };
}

export const isStopWord = (w: string) => STOP.has(w);
