// Reading CommerceML as a stream (issue 33 item 3): a 50 000-product catalogue in bounded memory.
// The file's bytes come in chunks; its declared encoding (UTF-8 or windows-1251) decodes them; saxes
// parses. Only the elements a reader asks for ("records": a product, an offer, a group, a document)
// are built as small trees, one at a time, and handed over in batches after each chunk, so that the
// caller may await its writes between chunks. A DOCTYPE is refused outright, so no external entity
// (XXE) and no entity expansion (billion laughs) can happen; saxes knows only XML's five entities.
import { SaxesParser, type SaxesTag } from 'saxes';

/** One element of a record: its attributes, its children, its own text. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Why a file could not be read, and where: the element's path, its `Ид` when it has one, the line. */
export class ExchangeFileError extends Error {
  constructor(message: string, readonly element = '') {
    super(message);
  }
}

/** The encodings 1C writes and we read. */
const ENCODINGS: Record<string, string> = { 'utf-8': 'utf-8', utf8: 'utf-8', 'windows-1251': 'windows-1251', cp1251: 'windows-1251', 'win-1251': 'windows-1251' };

/** The most text one record may hold (a product with a long description is far below it). */
const RECORD_LIMIT = 4 * 1024 * 1024;
/**
 * Bytes decoded and parsed at a time: the records of one slice are handed over together. 32 KB of
 * Cyrillic decode to at most 64 KB of string, under V8's large-object size, so that a slice's text
 * dies young instead of waiting in the old space for a full collection.
 */
const SLICE = 32 * 1024;

/**
 * Lets the event loop run: SQLite's driver answers without I/O, so a long import would otherwise
 * hold the process between two requests' turns. Called between slices and between pages.
 */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The encoding a document declares (a BOM or its XML declaration); UTF-8 when it declares none. */
export function declaredEncoding(head: Uint8Array): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) throw new ExchangeFileError('Файл в кодировке UTF-16: выгрузите его в UTF-8 или windows-1251');
  const start = Buffer.from(head.subarray(0, 300)).toString('latin1');
  const declaration = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(start);
  if (!declaration) return 'utf-8';
  const encoding = ENCODINGS[declaration[1].toLowerCase()];
  if (!encoding) throw new ExchangeFileError(`Кодировка «${declaration[1]}» не поддерживается: выгрузите файл в UTF-8 или windows-1251`);
  return encoding;
}

export interface RecordReader {
  /** Whether the element at `path` (names from the root) is a record, built whole and handed over. */
  isRecord(path: readonly string[]): boolean;
  /** An element opened outside any record (the root, a catalogue's attributes). */
  onOpen?(path: readonly string[], attrs: Record<string, string>): void;
  /** The records of one slice of the file, in order. */
  onRecords(records: Array<{ path: string; element: XmlElement }>): Promise<void>;
}

/** Where a record is in the file, for a person: «Каталог/Товары/Товар (Ид 123, строка 40)». */
export function describe(path: string, element?: XmlElement, line?: number): string {
  const id = element ? text(element, 'Ид') : '';
  const where = [id && `Ид ${id}`, line !== undefined && `строка ${line}`].filter(Boolean).join(', ');
  const short = path.split('/').slice(1).join('/') || path;
  return where ? `${short} (${where})` : short;
}

/** Reads the whole document, handing over its records; throws ExchangeFileError on anything wrong. */
export async function readRecords(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, reader: RecordReader): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  /** The open elements of the record being built; empty outside any record. */
  const building: XmlElement[] = [];
  let recordSize = 0;
  let batch: Array<{ path: string; element: XmlElement }> = [];
  let failure: ExchangeFileError | undefined;
  const fail = (message: string) => {
    failure ??= new ExchangeFileError(`${message} (строка ${parser.line})`, describe(path.join('/'), building[0], parser.line));
  };

  parser.on('doctype', () => fail('DOCTYPE и DTD в файле обмена не допускаются'));
  parser.on('error', (error) => fail(`Файл не читается как XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`));
  parser.on('opentag', (tag: SaxesTag) => {
    path.push(tag.name);
    const attrs = tag.attributes as Record<string, string>;
    if (building.length) {
      const element: XmlElement = { name: tag.name, attrs, children: [], text: '' };
      building[building.length - 1].children.push(element);
      building.push(element);
    } else if (reader.isRecord(path)) {
      building.push({ name: tag.name, attrs, children: [], text: '' });
      recordSize = 0;
    } else reader.onOpen?.(path, attrs);
  });
  const onText = (value: string) => {
    if (!building.length) return;
    recordSize += value.length;
    if (recordSize > RECORD_LIMIT) fail('Элемент больше 4 МБ текста');
    else building[building.length - 1].text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const element = building.pop();
    if (element && !building.length) batch.push({ path: path.join('/'), element });
    path.pop();
  });

  let decoder: TextDecoder | undefined;
  const flush = async () => {
    if (failure) throw failure;
    if (!batch.length) return;
    const records = batch;
    batch = [];
    await reader.onRecords(records);
  };
  for await (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += SLICE) {
      const slice = chunk.subarray(at, at + SLICE);
      decoder ??= new TextDecoder(declaredEncoding(slice), { fatal: true });
      let decoded: string;
      try {
        decoded = decoder.decode(slice, { stream: true });
      } catch {
        throw new ExchangeFileError(`Байты файла не в кодировке ${decoder.encoding}, объявленной в нём (около строки ${parser.line})`, describe(path.join('/'), building[0], parser.line));
      }
      parser.write(decoded);
      await flush();
      await yieldToLoop();
    }
  }
  if (!decoder) throw new ExchangeFileError('Файл пуст');
  try {
    parser.write(decoder.decode());
  } catch {
    throw new ExchangeFileError(`Файл обрывается посреди символа в кодировке ${decoder.encoding}`);
  }
  parser.close();
  if (!failure && path.length) fail('Файл обрывается: не закрыт элемент');
  await flush();
}

/** The first child named `name`, or undefined. */
export const child = (element: XmlElement | undefined, name: string): XmlElement | undefined => element?.children.find((c) => c.name === name);

/** The children along `names` (`all(product, 'Группы', 'Ид')`). */
export function all(element: XmlElement | undefined, ...names: string[]): XmlElement[] {
  let level = element ? [element] : [];
  for (const name of names) level = level.flatMap((e) => e.children.filter((c) => c.name === name));
  return level;
}

/** The trimmed text of the first element along `names` ('' when there is none). */
export function text(element: XmlElement | undefined, ...names: string[]): string {
  return (all(element, ...names)[0]?.text ?? '').trim();
}
