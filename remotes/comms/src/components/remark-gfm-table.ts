// GFM tables, and nothing else of GFM, for react-markdown. remark-gfm brings autolinks,
// footnotes, strikethrough and task lists too, and takes this remote's own chunks to 63.5 KB gzip,
// over the 60 KB of design §8; its table parts alone fit. Wired as remark-gfm wires its extensions:
// the micromark syntax extension makes the parser see `| a | b |` rows, the mdast extension turns
// them into table nodes, which remark-rehype and react-markdown render as <table>. Raw HTML inside
// a cell stays raw HTML, which react-markdown drops (skipHtml).
import type { Processor } from 'unified';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';

/** What remark-parse reads from the processor's data (it declares these fields itself). */
interface ParserData {
  micromarkExtensions?: ReturnType<typeof gfmTable>[];
  fromMarkdownExtensions?: ReturnType<typeof gfmTableFromMarkdown>[];
}

export function remarkGfmTable(this: Processor) {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfmTable());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
}
