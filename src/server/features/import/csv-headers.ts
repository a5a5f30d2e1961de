import { foldText } from '../../lib/text-fold.js';

// What a CSV header says about its column (docs/import.md#csv), in English, German, French,
// Spanish, Portuguese, Dutch, Italian and Chinese. Header words are a hint: csv-columns.ts
// checks every role against the column's values. Headers are folded (lower case, accents
// removed, ß as ss), cut into words, and matched by whole words or phrases, by the ends of
// German compounds ("Buchungsbetrag"), and by substrings for Chinese.

export type NeverKind =
  'postcode' | 'iban' | 'bic' | 'creditor' | 'mandate' | 'account' | 'phone' | 'other';

/** Why a column named so is never an amount or a bank reference, in words for the evidence. */
export const NEVER_LABELS: Record<NeverKind, string> = {
  postcode: 'postcodes',
  iban: 'IBANs',
  bic: 'BICs',
  creditor: 'SEPA creditor ids',
  mandate: 'mandate references',
  account: 'account numbers',
  phone: 'phone numbers',
  other: 'not money',
};

interface Words {
  /** Whole words or phrases (folded, words separated by one space). */
  words?: readonly string[];
  /** Ends of a word: German compounds. */
  suffixes?: readonly string[];
  /** Starts of a word. */
  prefixes?: readonly string[];
  /** Substrings: Chinese has no spaces between words. */
  cjk?: readonly string[];
}

const VALUE_DATE: Words = {
  words: [
    'valuta',
    'valutadatum',
    'wertstellung',
    'value date',
    'val date',
    'date de valeur',
    'date valeur',
    'fecha valor',
    'data valuta',
    'data valor',
    'rentedatum',
  ],
  cjk: ['起息日'],
};
const POST_DATE: Words = {
  words: ['post date', 'posting date', 'posted', 'posted date', 'date posted', 'data contabile'],
  cjk: ['记账日期', '入账日期'],
};
const DATE: Words = {
  words: [
    'date',
    'datum',
    'fecha',
    'data',
    'dag',
    'day',
    'buchungstag',
    'booking',
    'booked',
    'transaction date',
    'trans date',
    'fecha operacion',
    'data operazione',
    'data movimento',
    'data lancamento',
    'boekdatum',
    'transactiedatum',
    'date operation',
  ],
  suffixes: ['datum'],
  cjk: ['日期', '时间', '時間', '日付'],
};
const BALANCE: Words = {
  words: [
    'balance',
    'running bal',
    'running balance',
    'bal',
    'saldo',
    'saldos',
    'kontostand',
    'solde',
    'guthaben',
    'balans',
  ],
  suffixes: ['saldo'],
  cjk: ['余额', '餘額', '结余'],
};
const FEE: Words = {
  words: [
    'fee',
    'fees',
    'gebuhr',
    'gebuhren',
    'gebuehr',
    'frais',
    'tarifa',
    'comision',
    'comissao',
    'commissione',
    'kosten',
    'tax',
    'vat',
    'iva',
    'mwst',
    'shipping',
    'versicherungsbetrag',
  ],
  suffixes: ['gebuhr', 'steuer'],
  cjk: ['手续费', '服务费'],
};
const NEVER: [NeverKind, Words][] = [
  [
    'postcode',
    {
      words: [
        'plz',
        'zip',
        'zip code',
        'postcode',
        'post code',
        'postal code',
        'postal',
        'cep',
        'codigo postal',
        'code postal',
        'postleitzahl',
      ],
      cjk: ['邮编', '邮政编码'],
    },
  ],
  ['iban', { words: ['iban'] }],
  ['bic', { words: ['bic', 'swift', 'swift code', 'bic swift'] }],
  [
    'creditor',
    {
      words: ['creditor', 'creditor id', 'creditor identifier'],
      prefixes: ['glaubiger', 'glaeubiger'],
    },
  ],
  ['mandate', { prefixes: ['mandat'] }],
  [
    'account',
    {
      words: [
        'account',
        'account number',
        'acct',
        'blz',
        'bankleitzahl',
        'rekening',
        'tegenrekening',
        'conta',
        'cuenta',
        'agencia',
        'ag',
        'sort code',
        'bsb',
        'card',
      ],
      prefixes: ['kontonummer', 'konto'],
      suffixes: ['konto', 'kontonummer'],
      cjk: ['账号', '账户', '卡号', '帐号', '对方账号'],
    },
  ],
  [
    'phone',
    {
      words: ['phone', 'telephone', 'tel', 'telefon', 'telefonnummer', 'telefone', 'telefono'],
      cjk: ['电话'],
    },
  ],
  [
    'other',
    {
      words: [
        'time',
        'uhrzeit',
        'hora',
        'heure',
        'zeitzone',
        'time zone',
        'timezone',
        'currency',
        'wahrung',
        'waehrung',
        'moeda',
        'moneda',
        'devise',
        'ccy',
        'status',
        'country',
        'land',
        'pais',
        'city',
        'ort',
        'stadt',
        'email',
        'e mail',
        'mail',
        'address',
        'strasse',
        'street',
        'quantity',
        'anzahl',
        'menge',
        'qty',
        'artikelnummer',
        'item number',
        'exchange rate',
        'kurs',
      ],
      prefixes: ['adress', 'absender', 'landervorwahl'],
      suffixes: ['adresse'],
      cjk: ['币种', '币别', '状态', '方式'],
    },
  ],
];
const DEBIT: Words = {
  words: [
    'debit',
    'debits',
    'debit amount',
    'withdrawal',
    'withdrawals',
    'withdrawn',
    'soll',
    'paid out',
    'money out',
    'outflow',
    'spent',
    'debito',
    'debitos',
    'cargo',
    'cargos',
    'retrait',
    'retraits',
    'uscite',
    'uscita',
    'addebito',
    'addebiti',
    'saida',
    'saidas',
    'ausgabe',
    'ausgaben',
    'belastung',
    'af',
  ],
  cjk: ['支出', '借方', '转出'],
};
const CREDIT: Words = {
  words: [
    'credit',
    'credits',
    'credit amount',
    'deposit',
    'deposits',
    'haben',
    'paid in',
    'money in',
    'inflow',
    'received',
    'credito',
    'creditos',
    'abono',
    'abonos',
    'entrada',
    'entradas',
    'entrata',
    'entrate',
    'accredito',
    'accrediti',
    'bij',
    'einnahme',
    'einnahmen',
    'gutschrift',
    'recette',
    'recettes',
  ],
  cjk: ['收入', '贷方', '存入', '转入'],
};
const INDICATOR: Words = {
  words: [
    'type',
    'typ',
    'transaction type',
    'debit credit',
    'credit debit',
    'soll haben',
    's h',
    'cr dr',
    'dr cr',
    'd c',
    'c d',
    'credit debit indicator',
    'cdi',
    'af bij',
    'auswirkung auf guthaben',
    'tipo',
    'sens',
    'direction',
    'umsatztyp',
  ],
  cjk: ['收 支', '收支', '借贷', '收付'],
};
/** Phrases that name a debit/credit mark even with a balance or amount word in them. */
const INDICATOR_PHRASES: Words = {
  words: [
    'auswirkung auf guthaben',
    'debit credit',
    'credit debit',
    'soll haben',
    'cr dr',
    'dr cr',
    'credit debit indicator',
    'af bij',
  ],
};
const GROSS: Words = { words: ['gross', 'brutto', 'gross amount'] };
/** Amounts in another currency, or the original one of a returned debit. */
const SECONDARY_AMOUNT: Words = {
  words: ['local amount', 'original amount', 'foreign amount', 'amount in original currency'],
  prefixes: ['ursprungsbetrag', 'fremdwahrung'],
  suffixes: ['ursprungsbetrag'],
};
const AMOUNT: Words = {
  words: [
    'amount',
    'amt',
    'betrag',
    'montant',
    'importe',
    'importo',
    'valor',
    'valore',
    'bedrag',
    'monto',
    'quantia',
    'kwota',
    'sum',
    'summe',
    'umsatz',
    'net',
    'netto',
    'net amount',
    'value',
    'transaction amount',
  ],
  suffixes: ['betrag'],
  cjk: ['金额', '金額', '交易额'],
};
const DESCRIPTION: Words = {
  words: [
    'description',
    'desc',
    'memo',
    'details',
    'narrative',
    'narration',
    'libelle',
    'verwendungszweck',
    'purpose',
    'concepto',
    'descripcion',
    'descricao',
    'historico',
    'omschrijving',
    'mededelingen',
    'descrizione',
    'causale',
    'particulars',
    'transaction details',
    'notes',
    'note',
    'betreff',
    'lancamento',
    'remittance information',
    'comment',
    'kommentar',
    'bemerkung',
    'tytul',
    'tytuł',
    'tytuł operacji',
  ],
  suffixes: ['verwendungszweck'],
  cjk: ['摘要', '交易说明', '用途', '附言', '交易备注', '说明', '商品'],
};
const WEAK_DESCRIPTION: Words = {
  words: [
    'original description',
    'text',
    'buchungstext',
    'transaktionstext',
    'vorgang',
    'item title',
    'artikelbezeichnung',
    'item',
    'subject',
    'mutatiesoort',
    'opis',
    'opis operacji',
  ],
  cjk: ['备注'],
};
const PAYEE: Words = {
  words: [
    'payee',
    'payer',
    'merchant',
    'merchant name',
    'counterparty',
    'counter party',
    'beneficiary',
    'beneficiaire',
    'name',
    'naam',
    'nome',
    'nom',
    'nombre',
    'recipient',
    'destinatario',
    'beneficiario',
    'contraparte',
    'ordenante',
    'tiers',
    'favorecido',
    'remetente',
    'sender',
    'nadawca',
    'odbiorca',
    'kontrahent',
  ],
  suffixes: [
    'empfanger',
    'empfaenger',
    'begunstigter',
    'beguenstigter',
    'pflichtiger',
    'pflichtige',
    'auftraggeber',
  ],
  cjk: ['对方户名', '交易对方', '对方', '收 付款方', '收款方', '付款方', '商户', '户名'],
};
const CATEGORY: Words = {
  words: ['category', 'categorie', 'kategorie', 'categoria', 'categorias', 'rubrique', 'rubrik'],
  cjk: ['分类', '类别'],
};
const REFERENCE: Words = {
  words: [
    'reference',
    'ref',
    'ref no',
    'id',
    'fitid',
    'transaction id',
    'transaction reference',
    'transaction code',
    'transaction number',
    'transaktionscode',
    'transaktions id',
    'transaktionsnummer',
    'referenz',
    'referencia',
    'identificador',
    'id da transacao',
    'kenmerk',
    'riferimento',
    'end to end',
    'bank reference',
    'trans id',
    'unique id',
    'receipt',
  ],
  suffixes: ['referenz', 'reference'],
  cjk: ['交易单号', '交易号', '流水号', '交易流水号', '单号', '凭证号'],
};

export interface HeaderInfo {
  /** The header as written, trimmed (empty when the file has none). */
  name: string;
  /** Never an amount, a reference or a text: what the header names instead. */
  never: NeverKind | null;
  balance: boolean;
  fee: boolean;
  /** 3 for a booking or transaction date, 2 for a posting date, 1 for a value date. */
  date: number;
  /** 4 for an amount or net figure, 3 for a gross one, 2 for one in another currency. */
  amount: number;
  debit: boolean;
  credit: boolean;
  /** Names a debit/credit mark ("Soll/Haben", "Type", "Af Bij", "收/支"). */
  indicator: boolean;
  /** 3 for a description, 2 for "Original description", 1 for a weaker text (Buchungstext). */
  description: number;
  payee: boolean;
  category: boolean;
  reference: boolean;
}

function matcher(name: string): (words: Words) => boolean {
  const words = foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const padded = ` ${words} `;
  const tokens = words === '' ? [] : words.split(' ');
  return (spec) =>
    (spec.words ?? []).some((word) => padded.includes(` ${word} `)) ||
    (spec.suffixes ?? []).some((end) => tokens.some((token) => token.endsWith(end))) ||
    (spec.prefixes ?? []).some((start) => tokens.some((token) => token.startsWith(start))) ||
    (spec.cjk ?? []).some((part) => padded.includes(part));
}

/** What a header names. A header names at most one of date, money, text; never-kinds win. */
export function readHeader(raw: string): HeaderInfo {
  const name = raw.trim();
  const has = matcher(name.slice(0, 200));
  const info: HeaderInfo = {
    name,
    never: null,
    balance: false,
    fee: false,
    date: 0,
    amount: 0,
    debit: false,
    credit: false,
    indicator: false,
    description: 0,
    payee: false,
    category: false,
    reference: false,
  };
  if (name === '') return info;
  if (has(INDICATOR_PHRASES)) {
    info.indicator = true;
    return info;
  }
  info.balance = has(BALANCE);
  info.fee = !info.balance && has(FEE);
  if (!info.balance && !info.fee) {
    info.never = NEVER.find(([, words]) => has(words))?.[0] ?? null;
  }
  // A mandate reference or creditor id is also "a reference" by its words: kept for the evidence.
  info.reference = has(REFERENCE);
  if (info.balance || info.fee || info.never !== null) return info;
  info.date = has(VALUE_DATE) ? 1 : has(POST_DATE) ? 2 : has(DATE) ? 3 : 0;
  if (info.date > 0) return info;
  const debit = has(DEBIT);
  const credit = has(CREDIT);
  info.indicator = (debit && credit) || has(INDICATOR);
  info.debit = debit && !credit;
  info.credit = credit && !debit;
  info.amount =
    info.indicator || info.debit || info.credit
      ? 0
      : has(SECONDARY_AMOUNT)
        ? 2
        : has(GROSS)
          ? 3
          : has(AMOUNT)
            ? 4
            : 0;
  if (info.amount > 0 || info.debit || info.credit) return info;
  info.category = has(CATEGORY);
  info.payee = !info.category && has(PAYEE);
  info.description = has({ words: ['original description'] })
    ? 2
    : has(DESCRIPTION)
      ? 3
      : has(WEAK_DESCRIPTION)
        ? 1
        : 0;
  return info;
}
