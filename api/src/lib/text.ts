// Characters that make a text read other than it is (issue 9, issue 17 item 5), taken out of
// everything a client writes, in one place: the body validator (plugins/validation.ts) cleans every
// text field of every JSON or multipart body, and lib/files.ts every file name.
// - Direction controls: the embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and
//   the marks (U+200E, U+200F, U+061C). With U+202E, "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
// - Zero-width and invisible characters (U+200B–U+200D, U+2060, U+FEFF, the soft hyphen U+00AD, the
//   Mongolian vowel separator U+180E, the combining grapheme joiner U+034F): two names that look the
//   same are not.
// - Control characters (C0 but tab, line feed and carriage return, DEL, C1). NUL is not among them:
//   a text holding one is refused whole (plugins/validation.ts), as before.
// A single-line field (a name, a company name, a file name) keeps no line break or tab either: each
// becomes a space. A long text (a comment, a description, a Markdown body) keeps its line breaks
// and tabs, and nothing else of the above.

const DIRECTION_CONTROLS = '\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c';
const ZERO_WIDTH = '\u200b-\u200d\u2060\ufeff\u00ad\u180e';
/** The combining grapheme joiner (U+034F): a mark of its own, so outside the class (a class would read it as joined to what precedes it). */
const GRAPHEME_JOINER = '\u034f';
const CONTROLS = '\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f';

/** What no text keeps: direction controls, zero-width characters, control characters but tab, LF, CR (and NUL). */
const UNSEEN = new RegExp(`[${DIRECTION_CONTROLS}${ZERO_WIDTH}${CONTROLS}]|${GRAPHEME_JOINER}`, 'g');
/** Line breaks of every kind (and tabs, vertical tabs, form feeds), for a single line. */
const BREAKS = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** The Unicode line breaks that are not LF or CR: a long text keeps them as LF. */
const OTHER_BREAKS = /[\u0085\u2028\u2029]/g;

/** A name, a title, a file name: no direction controls, zero-width or control characters; a line break or tab becomes a space. */
export const singleLine = (text: string): string => text.replace(BREAKS, ' ').replace(UNSEEN, '');

/** A comment, a description, a Markdown body: the same taken out, line breaks (LF, CR, CRLF) and tabs kept. */
export const longText = (text: string): string => text.replace(OTHER_BREAKS, '\n').replace(UNSEEN, '');
