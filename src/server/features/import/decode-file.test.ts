import { readFileSync, readdirSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { IMPORT_ENCODINGS } from '../../../shared/schemas/import.js';
import { AppError } from '../../lib/app-error.js';
import { FILE_MESSAGES, decodeFile } from './decode-file.js';

const FIXTURES = new URL('../../../../tests/fixtures/imports/', import.meta.url);
const bytesOf = (text: string, encoding = 'utf-8') => new Uint8Array(iconv.encode(text, encoding));
const refusal = (bytes: Uint8Array) => {
  try {
    decodeFile(bytes);
  } catch (error) {
    if (error instanceof AppError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'read';
};

describe('Windows-1252 (regression: TextDecoder read it as Latin-1 on Node 20.18.3+)', () => {
  // 0x80 €, 0x9A š, 0x9E ž: TextDecoder('windows-1252') on Node 20.18.3+, 22.13+ and 24.0-24.6
  // gives U+0080, U+009A, U+009E. This fails if it comes back.
  const bytes = Uint8Array.from([
    ...bytesOf('Datum;Text;Betrag\n02.03.2026;Kaffee '),
    0x80,
    ...bytesOf(' Ko'),
    0x9a,
    ...bytesOf('ice Stra'),
    0x9e,
    ...bytesOf('e;-3,50\n'),
  ]);

  it('reads € š ž when the person says Windows-1252', () => {
    const { text, encoding } = decodeFile(bytes, 'windows-1252');
    expect(encoding).toBe('windows-1252');
    expect(text).toBe('Datum;Text;Betrag\n02.03.2026;Kaffee € Košice Straže;-3,50\n');
  });

  it('reads € š ž when it detects the encoding', () => {
    const { text } = decodeFile(bytes);
    expect(text).toContain('Kaffee € Košice Straže');
    expect(text).not.toMatch(/[\u0080-\u009f]/);
  });

  it('no TextDecoder for a legacy code page in the decoder', () => {
    const source = readFileSync(new URL('./decode-file.ts', import.meta.url), 'utf8');
    const decoders = [...source.matchAll(/new TextDecoder\(\s*'([^']+)'/g)].map((m) => m[1]);
    expect(decoders.length).toBeGreaterThan(0);
    expect(decoders.every((label) => label === 'utf-8')).toBe(true);
  });
});

describe('choosing the encoding', () => {
  it('UTF-8 with a byte order mark, without one, pure ASCII: certain', () => {
    expect(decodeFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytesOf('Café;1')]))).toEqual({
      text: 'Café;1',
      encoding: 'utf-8',
      choice: null,
    });
    expect(decodeFile(bytesOf('Café;1'))).toEqual({
      text: 'Café;1',
      encoding: 'utf-8',
      choice: null,
    });
    expect(decodeFile(bytesOf('Date,Amount'))).toEqual({
      text: 'Date,Amount',
      encoding: 'utf-8',
      choice: null,
    });
  });

  const ofx = (charset: string, body: string) =>
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:${charset}\n\n<OFX><NAME>${body}</OFX>\n`;

  it('an OFX header the bytes agree with: certain', () => {
    expect(decodeFile(bytesOf(ofx('1252', 'Müller €'), 'windows-1252'))).toMatchObject({
      encoding: 'windows-1252',
      choice: null,
    });
    expect(decodeFile(bytesOf(ofx('ISO-8859-1', 'Crédit'), 'latin1'))).toMatchObject({
      encoding: 'iso-8859-1',
      choice: null,
    });
    const utf8 = 'OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE\n\n<OFX><NAME>Müller</OFX>';
    expect(decodeFile(bytesOf(utf8))).toMatchObject({ encoding: 'utf-8', choice: null });
  });

  it('an XML declaration the bytes agree with: certain', () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<Document><Nm>Crédit</Nm></Document>';
    expect(decodeFile(bytesOf(xml, 'latin1'))).toEqual({
      text: xml,
      encoding: 'iso-8859-1',
      choice: null,
    });
  });

  it('declared Windows-1252 but valid UTF-8: UTF-8, and says why', () => {
    const { encoding, text, choice } = decodeFile(bytesOf(ofx('1252', 'Müller')));
    expect(encoding).toBe('utf-8');
    expect(text).toContain('Müller');
    expect(choice).toEqual({
      kind: 'encoding',
      answer: 'reading.encoding',
      chosen: 'utf-8',
      options: ['utf-8', 'windows-1252'],
      evidence:
        'The file declares Windows-1252 (CHARSET:1252), but its bytes are valid UTF-8, which text in Windows-1252 almost never is: read as UTF-8',
      needsAnswer: false,
      rows: 0,
    });
  });

  it('declared ISO-8859-1 with bytes 0x80-0x9F: Windows-1252, as browsers read it', () => {
    const { encoding, text, choice } = decodeFile(
      bytesOf(ofx('ISO-8859-1', 'Café 5 €'), 'windows-1252'),
    );
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('Café 5 €');
    expect(choice).toMatchObject({ chosen: 'windows-1252', needsAnswer: false });
    expect(choice?.evidence).toMatch(
      /^The file declares ISO-8859-1 \(CHARSET:ISO-8859-1\) but uses bytes 0x80 to 0x9F/,
    );
  });

  it('declared UTF-8 but not UTF-8: detection, saying so', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Nm>Bäckerei Müller Straße</Nm>';
    const { encoding, choice } = decodeFile(bytesOf(xml, 'windows-1252'));
    expect(encoding).toBe('windows-1252');
    expect(choice?.evidence).toMatch(
      /^The file declares UTF-8 \(encoding="UTF-8"\) but its bytes are not UTF-8; /,
    );
  });

  it('looks for the declaration in the first 4 KB only', () => {
    const late = `${' '.repeat(5000)}\nOFXHEADER:100\nCHARSET:1250\n<OFX>Łódź`;
    expect(decodeFile(bytesOf(late, 'windows-1250')).choice).not.toBeNull();
  });

  it('not valid UTF-8 and no declaration: detection with its evidence', () => {
    const german =
      'Buchungstag;Empfänger;Verwendungszweck;Betrag\n02.03.2026;Bäckerei Müller;Brötchen und Kaffee;-4,80\n03.03.2026;Straßenbahn München;Monatskarte März;-57,00\n';
    const { text, encoding, choice } = decodeFile(bytesOf(german, 'windows-1252'));
    expect(text).toBe(german);
    expect(encoding).toBe('windows-1252');
    expect(choice).toMatchObject({
      kind: 'encoding',
      answer: 'reading.encoding',
      chosen: 'windows-1252',
      needsAnswer: false,
      rows: 0,
    });
    expect(choice?.options[0]).toBe('windows-1252');
    expect(choice?.evidence).toBe(
      'No byte order mark and not valid UTF-8; the bytes read best as Windows-1252 (Western European): 0xE4 = ä, 0xFC = ü',
    );
  });

  it.each([
    [
      'gb18030',
      '交易日期,交易摘要,交易金额,余额,对方户名\n2026-03-02,消费,-35.50,1200.00,北京三快科技有限公司\n2026-03-03,工资,8500.00,9700.00,上海某某公司\n',
    ],
    [
      'windows-1250',
      'Data;Opis;Kwota\n02.03.2026;Zakupy w sklepie Żabka, Łódź;-23,45\n03.03.2026;Przelew od Małgorzata Wiśniewska;500,00\n04.03.2026;Opłata za mieszkanie, ul. Świętokrzyska;-1200,00\n',
    ],
    [
      'windows-1251',
      'Дата;Описание;Сумма\n02.03.2026;Покупка в магазине Пятёрочка;-523,45\n03.03.2026;Перевод от Иванова;5000,00\n',
    ],
    ['big5', '交易日期,摘要,金額\n2026/03/02,便利商店消費,-85\n2026/03/03,薪資轉帳,45000\n'],
    [
      'shift_jis',
      '日付,摘要,金額\n2026/03/02,コンビニ ローソン,-540\n2026/03/03,給与振込,250000\n',
    ],
  ] as const)('detects %s', (encoding, text) => {
    const decoded = decodeFile(bytesOf(text, encoding));
    expect(decoded).toMatchObject({
      encoding,
      text,
      choice: { chosen: encoding, needsAnswer: false },
    });
  });

  it('asks when two readings that give different text are about as likely', () => {
    const czech =
      'Datum;Popis;Částka\n02.03.2026;Nákup Albert, Praha;-423,50\n03.03.2026;Převod od Jiří Dvořák;5000,00\n';
    const { choice } = decodeFile(bytesOf(czech, 'windows-1250'));
    expect(choice?.needsAnswer).toBe(true);
    expect(choice?.options).toEqual(expect.arrayContaining(['windows-1250', 'windows-1252']));
    expect(choice?.evidence).toMatch(
      / and the file does not settle which: choose the one whose text is right$/,
    );
    // The answer reads it as asked, and says it is the person's.
    const answered = decodeFile(bytesOf(czech, 'windows-1250'), 'windows-1250');
    expect(answered.text).toBe(czech);
    expect(answered.choice).toMatchObject({ chosen: 'windows-1250', needsAnswer: false });
    expect(answered.choice?.evidence).toMatch(
      /^Read as Windows-1250 \(Central European\), as you chose/,
    );
  });

  it('a short French statement is Windows-1252 without a question (chardet alone hesitated)', () => {
    const { encoding, choice } = decodeFile(readFileSync(new URL('windows-1252.csv', FIXTURES)));
    expect(encoding).toBe('windows-1252');
    expect(choice).toMatchObject({ needsAnswer: false, chosen: 'windows-1252' });
  });

  it.each([
    ['windows-1252', 'Date;Libellé;Montant\n05/06/2026;Prélèvement;-2,40\n'],
    ['windows-1252', 'Date;Libellé;Montant\n05/06/2026;Café de l’été;-2,40\n'],
    ['windows-1252', 'Dato;Tekst;Beløb\n02.03.2026;Føtex Århus;-123,50\n03.03.2026;Løn;25000,00\n'],
    [
      'windows-1252',
      'Datum;Text;Belopp\n2026-03-02;ICA Kvantum Göteborg;-423,50\n2026-03-03;Lön från Företaget AB;25000,00\n',
    ],
    ['windows-1252', 'Date,Description,Amount\n2026-03-02,Macy´s,-3.50\n'],
    ['windows-1250', 'Data;Opis;Kwota\n02.03.2026;Opłata;-23,45\n'],
    [
      'windows-1250',
      'Dátum;Leírás;Összeg\n2026.03.02;Vásárlás Tesco Budapest;-4235\n2026.03.03;Fizetés;350000\n',
    ],
    ['windows-1251', 'Дата;Сумма\n02.03.2026;-523,45\n'],
    ['gb18030', '日期,摘要,金额\n2026-03-02,ATM取款,-35.50\n'],
    ['big5', '日期,摘要,金額\n2026/03/02,消費,-85\n'],
    ['shift_jis', '日付,摘要,金額\n2026/03/02,コンビニ,-540\n'],
    ['euc-kr', '날짜,적요,금액\n2026-03-02,편의점,-5400\n'],
  ] as const)(
    'a short %s file is read right, or asked about, never silently wrong',
    (encoding, text) => {
      const { text: read, choice } = decodeFile(bytesOf(text, encoding));
      expect(read === text || choice?.needsAnswer === true).toBe(true);
      if (choice?.needsAnswer) expect(choice.options).toContain(encoding);
    },
  );

  it('a reading with symbols or foreign letters inside words loses (Op³ata, Mьller)', () => {
    expect(
      decodeFile(bytesOf('Opis;Kwota\nOpłata za mieszkanie;-1,00\n', 'windows-1250')),
    ).toMatchObject({
      encoding: 'windows-1250',
    });
  });

  it("the person's answer wins over detection and declarations", () => {
    const polish = bytesOf('Opis;Kwota\nŁódź;-1,00\n', 'windows-1250');
    expect(decodeFile(polish, 'windows-1252')).toMatchObject({
      text: 'Opis;Kwota\n£ódŸ;-1,00\n',
      encoding: 'windows-1252',
      choice: { chosen: 'windows-1252', needsAnswer: false, answer: 'reading.encoding' },
    });
    expect(decodeFile(bytesOf('Café'), 'utf-8').choice?.evidence).toBe(
      'Read as UTF-8, as you chose',
    );
  });
});

describe('what is not text', () => {
  it.each([
    ['a NUL byte', Uint8Array.from([0x44, 0x61, 0x00, 0x74, 0x65])],
    ['a PDF', bytesOf('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n')],
    ['an xlsx (ZIP)', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])],
    [
      'mostly control characters',
      Uint8Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41)),
    ],
  ])('%s is refused', (_, bytes) => {
    expect(refusal(bytes)).toBe(`UNPROCESSABLE: ${FILE_MESSAGES.notText}`);
  });

  it('an empty file, or only spaces', () => {
    expect(refusal(new Uint8Array())).toBe(`UNPROCESSABLE: ${FILE_MESSAGES.empty}`);
    expect(refusal(bytesOf(' \r\n\t\n'))).toBe(`UNPROCESSABLE: ${FILE_MESSAGES.empty}`);
  });

  it('a stray control character becomes a space; text never holds NUL or C1 controls', () => {
    const { text } = decodeFile(bytesOf('Date,Amount\f\n2026-03-02,1.00\n\u001a'));
    expect(text).toBe('Date,Amount \n2026-03-02,1.00\n ');
    const latin1 = decodeFile(Uint8Array.from([0x41, 0x85, 0x42, 0x0a]), 'iso-8859-1');
    expect(latin1.text).toBe('A B\n');
  });

  it('more physical lines than IMPORT_LINES_MAX, empty ones included, are refused', () => {
    expect(refusal(bytesOf('a\n'.repeat(250_000)))).toBe('read');
    expect(refusal(bytesOf(`a${'\n'.repeat(250_000)}b`))).toBe(
      `UNPROCESSABLE: ${FILE_MESSAGES.tooManyLines(250_000)}`,
    );
    expect(FILE_MESSAGES.tooManyLines(250_000)).toBe(
      'This file has more than 250,000 lines; split it and import each part',
    );
  });

  const utf16Listed = (IMPORT_ENCODINGS as readonly string[]).includes('utf-16le');
  const utf16 = Uint8Array.from([
    0xff,
    0xfe,
    ...iconv.encode('Date,Amount\n2026-03-02,€1.00\n', 'utf-16le'),
  ]);

  it.skipIf(utf16Listed)('UTF-16 is refused until IMPORT_ENCODINGS lists it', () => {
    expect(refusal(utf16)).toBe(`UNPROCESSABLE: ${FILE_MESSAGES.notText}`);
  });

  it.runIf(utf16Listed)('UTF-16 with a byte order mark is read', () => {
    expect(decodeFile(utf16)).toMatchObject({
      text: 'Date,Amount\n2026-03-02,€1.00\n',
      encoding: 'utf-16le',
      choice: null,
    });
    const unpaired = Uint8Array.from([0xfe, 0xff, 0x00, 0x41, 0xd8, 0x00, 0x00, 0x42]);
    expect(decodeFile(unpaired).text).toBe('A\ufffdB');
  });

  it('detection reads a 5 MB file in bounded time', () => {
    const line = '02.03.2026;Bäckerei Müller;Brötchen und Kaffee;-4,80\n';
    const bytes = bytesOf(line.repeat(Math.floor((5 * 1024 * 1024) / line.length)), 'windows-1252');
    const started = performance.now();
    expect(decodeFile(bytes).encoding).toBe('windows-1252');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('the fixture corpus', () => {
  const files = ['encodings', 'qif'].flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, FIXTURES))
      .filter((name) => !name.endsWith('.json'))
      .map((name) => `${dir}/${name}`),
  );

  it.each(files)('%s is read in the encoding its sidecar names', (file) => {
    const expected = JSON.parse(
      readFileSync(new URL(`${file}.expected.json`, FIXTURES), 'utf8'),
    ) as {
      encoding: string;
    };
    expect(decodeFile(readFileSync(new URL(file, FIXTURES))).encoding).toBe(expected.encoding);
  });
});
