import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme';
import { fakeEngineControl, fakeEngines } from './testing/fake-journal-engine';
import { EDITOR_FAILED_MESSAGE, JournalEditor } from './journal-editor';

vi.mock('./editorjs-engine', () => import('./testing/fake-journal-engine'));

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function mount(value: string | null, onChange = vi.fn()) {
  const view = render(
    <MantineProvider theme={theme} env="test">
      <JournalEditor value={value} onChange={onChange} />
    </MantineProvider>,
  );
  const rerender = (next: string | null) =>
    view.rerender(
      <MantineProvider theme={theme} env="test">
        <JournalEditor value={next} onChange={onChange} />
      </MantineProvider>,
    );
  return { ...view, rerender, onChange };
}

const journal = () => screen.findByRole('textbox', { name: 'Journal text' });

afterEach(() => {
  fakeEngines.length = 0;
  vi.restoreAllMocks();
});

describe('JournalEditor', () => {
  it("says 'Initializing editor...' and creates the editor 100 ms after mount, with the paragraphs", async () => {
    vi.useFakeTimers();
    try {
      mount('<p>One</p><h2>not loaded</h2><p>Two</p>');
      expect(screen.getByText('Initializing editor...')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(fakeEngines).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    expect(await journal()).toHaveValue('One\nTwo');
    expect(fakeEngines).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Initializing editor...')).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'Journal' })).toBeInTheDocument();
  });

  it('creates no editor when it is unmounted within the delay, and destroys the one it made', async () => {
    const first = mount(null);
    first.unmount();
    await wait(150);
    expect(fakeEngines).toHaveLength(0);

    const second = mount(null);
    await journal();
    second.unmount();
    expect(fakeEngines[0]?.destroyed).toBe(true);
  });

  it('hands out changes as journal HTML, blank paragraphs dropped', async () => {
    const { onChange } = mount('<p>One</p>');
    const user = userEvent.setup();
    await user.type(await journal(), '{End}{Enter}{Enter}Two');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>One</p><p>Two</p>'));
    await user.clear(await journal());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });

  it('takes outside content while the reader is elsewhere', async () => {
    const view = mount('<p>Old</p>');
    await journal();
    view.rerender('<p>New</p><p>Lines</p>');
    await waitFor(async () => expect(await journal()).toHaveValue('New\nLines'));
  });

  it('refuses outside content while the reader is focused in it', async () => {
    const view = mount('<p>Old</p>');
    (await journal()).focus();
    view.rerender('<p>From elsewhere</p>');
    await wait(20);
    expect(await journal()).toHaveValue('Old');
    expect(fakeEngines[0]?.renders).toBe(0);
  });

  it('refuses outside content for 100 ms after emitting a change', async () => {
    const view = mount('<p>Old</p>');
    const textarea = await journal();
    fireEvent.input(textarea, { target: { value: 'Mine' } });
    await waitFor(() => expect(view.onChange).toHaveBeenCalledWith('<p>Mine</p>'));
    view.rerender('<p>Stale echo</p>');
    await wait(10);
    expect(textarea).toHaveValue('Mine');
    await wait(150);
    view.rerender('<p>Later</p>');
    await waitFor(() => expect(textarea).toHaveValue('Later'));
  });

  it('ignores a change reported after the editor was destroyed', async () => {
    const error = vi.spyOn(console, 'error');
    const view = mount('<p>Old</p>');
    const textarea = await journal();
    view.unmount();
    fireEvent.input(textarea, { target: { value: 'Late' } });
    await wait(20);
    expect(view.onChange).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the error box and logs when the editor cannot start', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeEngineControl.failNextStart = true;
    mount('<p>x</p>');
    expect(await screen.findByRole('alert')).toHaveTextContent(EDITOR_FAILED_MESSAGE);
    expect(error).toHaveBeenCalled();
    expect(screen.queryByText('Initializing editor...')).not.toBeInTheDocument();
  });
});
