import { newsExcerpt, plainText } from './news-excerpt';

test('Markdown marks, links, tables and code are left out of the preview text', () => {
  const body = '## Новый прайс\n\n**Цены** снижены на _5 %_, см. [прайс](https://example.test/p).\n\n| Категория | Цена |\n|---|---|\n| Инструменты | 340 |\n\n```\ncode\n```\n- пункт<script>alert(1)</script>';
  expect(plainText(body)).toBe('Новый прайс Цены снижены на 5 %, см. прайс. пункт');
});

test('a long body is cut at a word with an ellipsis; a short one is whole', () => {
  const long = 'слово '.repeat(100);
  const excerpt = newsExcerpt(long, 50);
  expect(excerpt.length).toBeLessThanOrEqual(51);
  expect(excerpt.endsWith('слово…')).toBe(true);
  expect(newsExcerpt('Коротко.')).toBe('Коротко.');
});
