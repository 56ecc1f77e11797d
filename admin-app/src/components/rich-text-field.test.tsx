import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RichTextField } from './rich-text-field';

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
});
