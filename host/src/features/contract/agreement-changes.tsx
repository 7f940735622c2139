// What changed in the agreement (issue 18 item 6), for a dealer who signed an earlier version: the
// admin's summary, then the version signed and the new one side by side (one above the other on a
// phone). Paragraphs are compared whole, with no diff library (the contract screen stays light): a
// paragraph of the new text that the old one lacks is marked as added (<ins>), one of the old text
// that the new one lacks as removed (<del>), so the eye and a screen reader find the changes.
import type { CSSProperties } from 'react';
import { useTranslation } from '@portal/shared';
import Typography from 'antd/es/typography';
import { token } from '@portal/shared/ui/tokens';
import { MarkdownDocument } from '@portal/shared/ui/markdown-document';

/** A Markdown text's paragraphs: its blocks between blank lines. */
const blocksOf = (text: string) => text.split(/\n[ \t]*\n/).map((b) => b.trim()).filter(Boolean);

function Side({ title, blocks, other, kind }: { title: string; blocks: string[]; other: Set<string>; kind: 'ins' | 'del' }) {
  const mark: CSSProperties = {
    display: 'block', textDecoration: 'none', padding: '4px 8px', margin: '0 -8px', borderRadius: token.borderRadiusSM,
    background: kind === 'ins' ? token.colorSuccessBg : token.colorErrorBg,
    borderInlineStart: `3px solid ${kind === 'ins' ? token.colorSuccess : token.colorError}`,
  };
  const Mark = kind;
  return (
    <section aria-label={title} style={{ minWidth: 0 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {/* It scrolls: the keyboard can reach it (tab to it, then the arrow keys), as WCAG asks of a scrolling region. */}
      <div tabIndex={0} style={{ marginTop: 8, maxHeight: 420, overflow: 'auto', padding: '12px 16px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, display: 'flex', flexDirection: 'column', gap: 10 }}>
        {blocks.map((block, index) => (other.has(block)
          ? <MarkdownDocument key={index} text={block} />
          : <Mark key={index} style={mark}><MarkdownDocument text={block} /></Mark>))}
      </div>
    </section>
  );
}

export function AgreementChanges({ summary, before, after, signedVersion, version }: {
  summary: string;
  before: string;
  after: string;
  signedVersion: number;
  version: number;
}) {
  const { t } = useTranslation('host');
  const old = blocksOf(before);
  const now = blocksOf(after);
  return (
    <div data-testid="contract-changes" style={{ marginBottom: 16 }}>
      {summary && (
        <Typography.Paragraph>
          <Typography.Text strong>{t('contract.whatChanged')}</Typography.Text> {summary}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{t('contract.compareHint')}</Typography.Paragraph>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16 }}>
        <Side title={t('contract.signedVersion', { number: signedVersion })} blocks={old} other={new Set(now)} kind="del" />
        <Side title={t('contract.newVersion', { number: version })} blocks={now} other={new Set(old)} kind="ins" />
      </div>
    </div>
  );
}
