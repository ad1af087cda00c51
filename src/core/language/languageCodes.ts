// The language codes the index recognises, as data. See docs/trajectory-lens-json.md ("Language detection") for
// why the list is bounded: every entry is a folder name that will be read as a language wherever it appears.

/**
 * ISO 639-1 code → ISO 639-3 code, with the ISO 639-2 codes (terminology and bibliographic) of the same language.
 * The 639-3 code is ISO's equivalent, except for macrolanguages whose benchmarks mean one standard written variety:
 * those map to that individual language (zh → cmn, ar → arb, ms → zsm, fa → pes, …), so `zh`, `zho` and `cmn`
 * folders pair with each other.
 */
const ISO_639_1: ReadonlyArray<readonly [alpha2: string, iso6393: string, ...iso6392: string[]]> = [
  ['aa', 'aar'], ['ab', 'abk'], ['ae', 'ave'], ['af', 'afr'], ['ak', 'aka'], ['am', 'amh'], ['an', 'arg'],
  ['ar', 'arb', 'ara'], ['as', 'asm'], ['av', 'ava'], ['ay', 'aym'], ['az', 'azj', 'aze'], ['ba', 'bak'],
  ['be', 'bel'], ['bg', 'bul'], ['bi', 'bis'], ['bm', 'bam'], ['bn', 'ben'], ['bo', 'bod', 'tib'], ['br', 'bre'],
  ['bs', 'bos'], ['ca', 'cat'], ['ce', 'che'], ['ch', 'cha'], ['co', 'cos'], ['cr', 'cre'], ['cs', 'ces', 'cze'],
  ['cu', 'chu'], ['cv', 'chv'], ['cy', 'cym', 'wel'], ['da', 'dan'], ['de', 'deu', 'ger'], ['dv', 'div'],
  ['dz', 'dzo'], ['ee', 'ewe'], ['el', 'ell', 'gre'], ['en', 'eng'], ['eo', 'epo'], ['es', 'spa'],
  ['et', 'ekk', 'est'], ['eu', 'eus', 'baq'], ['fa', 'pes', 'fas', 'per'], ['ff', 'ful'], ['fi', 'fin'],
  ['fj', 'fij'], ['fo', 'fao'], ['fr', 'fra', 'fre'], ['fy', 'fry'], ['ga', 'gle'], ['gd', 'gla'], ['gl', 'glg'],
  ['gn', 'grn'], ['gu', 'guj'], ['gv', 'glv'], ['ha', 'hau'], ['he', 'heb'], ['hi', 'hin'], ['ho', 'hmo'],
  ['hr', 'hrv'], ['ht', 'hat'], ['hu', 'hun'], ['hy', 'hye', 'arm'], ['hz', 'her'], ['ia', 'ina'], ['id', 'ind'],
  ['ie', 'ile'], ['ig', 'ibo'], ['ii', 'iii'], ['ik', 'ipk'], ['io', 'ido'], ['is', 'isl', 'ice'], ['it', 'ita'],
  ['iu', 'iku'], ['ja', 'jpn'], ['jv', 'jav'], ['ka', 'kat', 'geo'], ['kg', 'kon'], ['ki', 'kik'], ['kj', 'kua'],
  ['kk', 'kaz'], ['kl', 'kal'], ['km', 'khm'], ['kn', 'kan'], ['ko', 'kor'], ['kr', 'kau'], ['ks', 'kas'],
  ['ku', 'kur'], ['kv', 'kom'], ['kw', 'cor'], ['ky', 'kir'], ['la', 'lat'], ['lb', 'ltz'], ['lg', 'lug'],
  ['li', 'lim'], ['ln', 'lin'], ['lo', 'lao'], ['lt', 'lit'], ['lu', 'lub'], ['lv', 'lvs', 'lav'], ['mg', 'plt', 'mlg'],
  ['mh', 'mah'], ['mi', 'mri', 'mao'], ['mk', 'mkd', 'mac'], ['ml', 'mal'], ['mn', 'khk', 'mon'], ['mr', 'mar'],
  ['ms', 'zsm', 'msa', 'may'], ['mt', 'mlt'], ['my', 'mya', 'bur'], ['na', 'nau'], ['nb', 'nob'], ['nd', 'nde'],
  ['ne', 'npi', 'nep'], ['ng', 'ndo'], ['nl', 'nld', 'dut'], ['nn', 'nno'], ['no', 'nob', 'nor'], ['nr', 'nbl'],
  ['nv', 'nav'], ['ny', 'nya'], ['oc', 'oci'], ['oj', 'oji'], ['om', 'gaz', 'orm'], ['or', 'ory', 'ori'],
  ['os', 'oss'], ['pa', 'pan'], ['pi', 'pli'], ['pl', 'pol'], ['ps', 'pbt', 'pus'], ['pt', 'por'], ['qu', 'que'],
  ['rm', 'roh'], ['rn', 'run'], ['ro', 'ron', 'rum'], ['ru', 'rus'], ['rw', 'kin'], ['sa', 'san'], ['sc', 'srd'],
  ['sd', 'snd'], ['se', 'sme'], ['sg', 'sag'], ['si', 'sin'], ['sk', 'slk', 'slo'], ['sl', 'slv'], ['sm', 'smo'],
  ['sn', 'sna'], ['so', 'som'], ['sq', 'als', 'sqi', 'alb'], ['sr', 'srp'], ['ss', 'ssw'], ['st', 'sot'],
  ['su', 'sun'], ['sv', 'swe'], ['sw', 'swh', 'swa'], ['ta', 'tam'], ['te', 'tel'], ['tg', 'tgk'], ['th', 'tha'],
  ['ti', 'tir'], ['tk', 'tuk'], ['tl', 'fil', 'tgl'], ['tn', 'tsn'], ['to', 'ton'], ['tr', 'tur'], ['ts', 'tso'],
  ['tt', 'tat'], ['tw', 'twi'], ['ty', 'tah'], ['ug', 'uig'], ['uk', 'ukr'], ['ur', 'urd'], ['uz', 'uzn', 'uzb'],
  ['ve', 'ven'], ['vi', 'vie'], ['vo', 'vol'], ['wa', 'wln'], ['wo', 'wol'], ['xh', 'xho'], ['yi', 'ydd', 'yid'],
  ['yo', 'yor'], ['za', 'zha'], ['zh', 'cmn', 'zho', 'chi'], ['zu', 'zul'],
  // Withdrawn 639-1 codes that older tools still write (Java's Locale writes `in` for Indonesian).
  ['in', 'ind'], ['iw', 'heb'], ['ji', 'ydd'], ['jw', 'jav'],
];

/**
 * ISO 639-3 individual languages without a 639-1 code that multilingual benchmarks use (FLORES-200, Belebele,
 * AfriQA, IndicGenBench, SEA benchmarks, Chinese varieties). Codes that are also English words or common folder
 * names (ace, ban, bug, fur, lua, mad, mag, min, nan, sat, vec, war…) are deliberately absent: name those in
 * trajectory-lens.json `languages.map` instead.
 */
const EXTRA_ISO_639_3: readonly string[] = [
  'yue', 'wuu', 'hak', 'arz', 'ary', 'apc', 'aeb', 'ars', 'prs', 'azb', 'ckb', 'kmr', 'ceb', 'ilo', 'hil', 'bjn',
  'bho', 'mai', 'awa', 'hne', 'mni', 'kok', 'gom', 'doi', 'brx', 'tcy', 'lus', 'quy', 'quz', 'ayr', 'gug', 'tpi',
  'haw', 'nso', 'kab', 'kea', 'luo', 'knc', 'kmb', 'dik', 'dyu', 'bem', 'fon', 'pcm', 'tzm', 'zgh', 'scn', 'lij',
  'lmo', 'szl', 'ltg', 'hsb', 'dsb', 'crh', 'sah', 'tyv', 'kaa',
];

/**
 * Folder names that are never languages, even where they are codes (`run` is Rundi, `est` Estonian, `cat` Catalan,
 * `may` Malay…): ordinary English words and the usual names of code, build and data folders. A denied name also
 * counts as a non-language sibling when the index weighs a folder level.
 */
export const NEVER_LANGUAGES: ReadonlySet<string> = new Set([
  'all', 'and', 'api', 'app', 'arm', 'art', 'ava', 'ave', 'bin', 'cat', 'dev', 'div', 'doc', 'est', 'geo', 'hat',
  'her', 'hf', 'ice', 'ido', 'ii', 'ile', 'ina', 'io', 'lat', 'lib', 'lit', 'lite', 'log', 'mac', 'may', 'mis',
  'mix', 'mul', 'new', 'old', 'os', 'oss', 'out', 'per', 'run', 'src', 'sun', 'the', 'time', 'tmp', 'ts', 'und',
  'web', 'zxx',
]);

function buildTable(): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [alpha2, iso6393, ...iso6392] of ISO_639_1) {
    for (const code of [alpha2, iso6393, ...iso6392]) {
      if (!table.has(code)) table.set(code, iso6393);
    }
  }
  for (const code of EXTRA_ISO_639_3) table.set(code, code);
  for (const denied of NEVER_LANGUAGES) table.delete(denied);
  return table;
}

/** Lower-case code (639-1, 639-2/B, 639-2/T or 639-3) → normalised ISO 639-3 code. */
export const LANGUAGE_CODES: ReadonlyMap<string, string> = buildTable();
