// @vitest-environment happy-dom
// Message text as Markdown: lists, tables and highlighted code; raw HTML shown as text, never
// as elements; links opened outside (the desktop bridge, or a new tab without an opener), and
// only http(s) and mailto; search terms marked in the rendered text.
import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/support/dom';
import { Markdown } from './Markdown';

afterEach(() => {
  delete (window as { engram?: unknown }).engram;
});

describe('Markdown', () => {
  it('renders lists, tables and fenced code with highlighting', () => {
    const text = ['Here is the plan:', '', '1. Buy pots', '2. Repot Monty', '', '- one', '- two', '', '| day | km |', '| --- | --- |', '| Mon | 5 |', '', '```js', 'const x = 1; // note', '```'].join('\n');
    const { container } = render(<Markdown text={text} />);
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Buy pots', 'Repot Monty']);
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelector('table td')?.textContent).toBe('Mon');
    const code = container.querySelector('pre code')!;
    expect(code.className).toContain('language-js');
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// note');
  });

  it('shows raw HTML as text: no element, no script, no handler', () => {
    const { container } = render(<Markdown text={'Hello <b>bold</b> <img src=x onerror="alert(1)"> <script>alert(2)</script>'} />);
    expect(container.querySelector('b, img, script')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).toContain('&lt;script&gt;');
  });

  it('opens web links in a new tab without an opener; other schemes are not links', () => {
    const { container } = render(<Markdown text={'[site](https://example.org/x) and [bad](javascript:alert(1)) and <https://a.example/>'} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/x', 'https://a.example/']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(container.textContent).toContain('bad');
  });

  it('in the desktop app, a click asks the bridge and stops the page navigating', () => {
    const openExternal = vi.fn(async () => true);
    (window as { engram?: unknown }).engram = { openExternal };
    const { container } = render(<Markdown text="[site](https://example.org/x)" />);
    const a = container.querySelector('a')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(a, event);
    expect(openExternal).toHaveBeenCalledWith('https://example.org/x');
    expect(event.defaultPrevented).toBe(true);
  });

  it('marks search terms inside the rendered text, links as text inside a card', () => {
    const { container } = render(<Markdown text={'- **Monty** needs a bigger pot\n- [pot shop](https://shop.example)'} pattern={/(pot)/gi} links="text" />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['pot', 'pot']);
    expect(container.querySelector('strong')?.textContent).toBe('Monty');
    expect(container.querySelector('a')).toBeNull();
  });
});
