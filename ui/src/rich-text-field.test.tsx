import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextField } from './rich-text-field';

/** A parent that holds the HTML and hands it back, as a form does. */
function Controlled() {
  const [html, setHtml] = useState('');
  return (
    <MantineProvider>
      <RichTextField label="Body" value={html} onChange={setHtml} />
      <output aria-label="Saved">{html}</output>
    </MantineProvider>
  );
}

describe('RichTextField', () => {
  it('shows HTML formatted and answers what is written as HTML', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <RichTextField label="Body" value="<p>Gift <strong>ideas</strong></p>" onChange={onChange} />
      </MantineProvider>,
    );
    const editor = screen.getByRole('textbox', { name: 'Body' });
    expect(editor).toHaveTextContent('Gift ideas');
    expect(editor.querySelector('strong')).toHaveTextContent('ideas');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();

    await userEvent.click(editor);
    await userEvent.keyboard(' here');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)?.[0]).toMatch(/^<p>.*here.*<\/p>$/);
  });

  // An imported description as the marketplace sends it: pictures inside paragraphs and a size table.
  const imported =
    '<p>Soft cotton.</p><p><img src="https://ae01.alicdn.com/kf/front.jpg" alt="front"></p>' +
    '<table><tbody><tr><th>Size</th><th>Chest</th></tr><tr><td>M</td><td>96 cm</td></tr></tbody></table>';

  it('opens a description with pictures and tables without changing it', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <RichTextField label="Description" value={imported} onChange={onChange} />
      </MantineProvider>,
    );
    const editor = screen.getByRole('textbox', { name: 'Description' });
    expect(within(editor).getByRole('img', { name: 'front' })).toHaveAttribute(
      'src',
      'https://ae01.alicdn.com/kf/front.jpg',
    );
    expect(editor.querySelector('table')).not.toBeNull();
    expect(editor.querySelectorAll('th')).toHaveLength(2);
    expect(editor.querySelector('td')).toHaveTextContent('M');
    // Nothing was edited: the value the form saves is still the imported HTML, byte for byte.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps the pictures and the table in what it answers after an edit', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <RichTextField label="Description" value={imported} onChange={onChange} />
      </MantineProvider>,
    );
    const editor = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.click(editor.querySelector('p') as HTMLElement);
    await userEvent.keyboard(' Machine washable.');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.calls.at(-1)?.[0] as string;
    expect(html).toContain('Machine washable.');
    expect(html).toContain('<img src="https://ae01.alicdn.com/kf/front.jpg" alt="front">');
    // Where the caret lands is up to the browser; wherever the words went, the table's cells are all there.
    expect(html).toMatch(
      /<table[^>]*>.*<th[^>]*><p>Size.*<th[^>]*><p>Chest.*<td[^>]*><p>M.*<td[^>]*><p>96 cm.*<\/table>/,
    );
  });

  it('keeps every keystroke when the value it answered comes back a render later', async () => {
    render(<Controlled />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Body' }));
    await userEvent.keyboard('Soft cotton, hand block printed.');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Saved' })).toHaveTextContent(
        '<p>Soft cotton, hand block printed.</p>',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveTextContent(
      'Soft cotton, hand block printed.',
    );
  });
});
