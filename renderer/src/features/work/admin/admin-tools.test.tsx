import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SfError } from '../../../platform/errors';
import { renderApp } from '../../../testing/render-app';
import { AUTHOR_ID, E1, E2, WORK_ID, makeWork, newReader, workBackend } from '../testing/work-data';

beforeAll(async () => {
  await import('../../../routes/work');
});
const OTHER_WORK = '0b7f5a8e-1111-4c1e-8d7e-000000000002';
const OTHER_AUTHOR = '0b7f5a8e-2222-4c1e-8d7e-000000000002';

const adminBackend = (options: Parameters<typeof workBackend>[0] = {}) =>
  workBackend({ reader: newReader(), admin: true, ...options });

const tools = async () => within(await screen.findByRole('region', { name: 'Admin Tools' }));
const form = async (name: string) => within((await tools()).getByRole('form', { name }));

/** 'Saved' is a green status; everything else a red alert. */
async function expectMessage(scope: ReturnType<typeof within>, text: string) {
  const role = text === 'Saved' ? 'status' : 'alert';
  const message = await scope.findByRole(role);
  expect(message).toHaveTextContent(text);
  expect(message).toHaveStyle({
    color: text === 'Saved' ? 'var(--mantine-color-green-text)' : 'var(--mantine-color-red-text)',
  });
}

describe('Admin Tools on the work page', () => {
  it('is absent for readers who are not admins and for visitors', async () => {
    const view = renderApp(`/work/${WORK_ID}`, workBackend({ reader: newReader() }));
    expect(await screen.findByRole('region', { name: 'Your Lists' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Tools' })).not.toBeInTheDocument();
    view.unmount();
    renderApp(`/work/${WORK_ID}`, workBackend());
    expect(await screen.findByRole('region', { name: 'This Edition' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Tools' })).not.toBeInTheDocument();
  });

  it("refuses a locked date without both values: 'Set date and date string'", async () => {
    const backend = adminBackend({ work: makeWork({ date: null, date_string: null }) });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const date = await form('First published');
    await user.type(date.getByLabelText('First-published date'), '1002-01-01');
    await user.click(date.getByRole('checkbox', { name: 'Lock date' }));
    await user.click(date.getByRole('button', { name: 'Save date' }));
    await expectMessage(date, 'Set date and date string');
    expect(backend.sf).not.toHaveBeenCalledWith('set-work-date', expect.anything());
  });

  it("saves the date with its lock and shows 'Saved'; the header follows", async () => {
    let work = makeWork();
    const backend = adminBackend({
      sf: {
        'work-details': () => work,
        'set-work-date': (p) => {
          const { date, date_string, lock } = p as { date: string; date_string: string; lock: boolean };
          work = { ...work, date, date_string, date_is_locked: lock };
          return { message: 'Saved' };
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const date = await form('First published');
    await user.clear(date.getByLabelText('Date string'));
    await user.type(date.getByLabelText('Date string'), 'around 1002');
    await user.click(date.getByRole('checkbox', { name: 'Lock date' }));
    await user.click(date.getByRole('button', { name: 'Save date' }));
    await expectMessage(date, 'Saved');
    expect(backend.sf).toHaveBeenCalledWith('set-work-date', {
      work_id: WORK_ID,
      lock: true,
      date: '1002-01-01',
      date_string: 'around 1002',
    });
    expect(await screen.findByText('First published around 1002')).toBeInTheDocument();
  });

  it("shows the server's refusal as-is, in red", async () => {
    const backend = adminBackend({
      sf: {
        'set-work-date': () => {
          throw new SfError({
            status: 400,
            code: 'invalid_input',
            error: 'Date must be a real date written YYYY-MM-DD',
          });
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const date = await form('First published');
    await user.click(date.getByRole('button', { name: 'Save date' }));
    await expectMessage(date, 'Date must be a real date written YYYY-MM-DD');
  });

  it("refuses a locked primary edition without a choice: 'Select edition'; saves a choice", async () => {
    const backend = adminBackend({
      work: makeWork({ primary_edition_id: null }),
      sf: { 'set-primary-edition': () => ({ message: 'Saved' }) },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const primary = await form('Primary edition');
    await user.click(primary.getByRole('checkbox', { name: 'Lock primary edition' }));
    await user.click(primary.getByRole('button', { name: 'Save primary edition' }));
    await expectMessage(primary, 'Select edition');
    expect(backend.sf).not.toHaveBeenCalledWith('set-primary-edition', expect.anything());

    await user.selectOptions(
      primary.getByRole('combobox', { name: 'Primary edition' }),
      'The Pillow Book 2 (Publisher 2, 1992)',
    );
    await user.click(primary.getByRole('button', { name: 'Save primary edition' }));
    await expectMessage(primary, 'Saved');
    expect(backend.sf).toHaveBeenCalledWith('set-primary-edition', {
      work_id: WORK_ID,
      edition_id: E2,
      lock: true,
    });
  });

  it('sends edition authors trimmed with blanks dropped, for the shown edition', async () => {
    const backend = adminBackend({ sf: { 'set-edition-authors': () => ({ message: 'Saved' }) } });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const authors = await form('Edition authors');
    const input = authors.getByLabelText('Author ids (comma-separated)');
    await waitFor(() => expect(input).toHaveValue(AUTHOR_ID));
    await user.type(input, ` ,, ${OTHER_AUTHOR} ,`);
    await user.click(authors.getByRole('button', { name: 'Save authors' }));
    await expectMessage(authors, 'Saved');
    expect(backend.sf).toHaveBeenCalledWith('set-edition-authors', {
      edition_id: E1,
      author_ids: [AUTHOR_ID, OTHER_AUTHOR],
    });
  });

  it("says 'No edition selected' when the work has no edition", async () => {
    const backend = adminBackend({ work: makeWork({ primary_edition_id: null }), editions: [] });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const authors = await form('Edition authors');
    await user.type(authors.getByLabelText('Author ids (comma-separated)'), AUTHOR_ID);
    await user.click(authors.getByRole('button', { name: 'Save authors' }));
    await expectMessage(authors, 'No edition selected');
    expect(backend.sf).not.toHaveBeenCalledWith('set-edition-authors', expect.anything());
  });

  it('merges into a work found by search and opens the target', async () => {
    const hits = [
      { work_id: WORK_ID, work_title: 'The Pillow Book', author_names: 'Sei Shōnagon', rank: 0.9 },
      { work_id: OTHER_WORK, work_title: 'Pillow Book (duplicate)', author_names: 'Sei Shōnagon', rank: 0.5 },
    ];
    const backend = adminBackend({
      sf: {
        'admin-search-works': (p) => ({ results: (p as { query: string }).query === 'nothing' ? [] : hits }),
        'merge-work': () => ({ message: 'Work merged', work_id: OTHER_WORK }),
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const merge = within((await tools()).getByRole('region', { name: 'Merge work' }));
    const search = merge.getByLabelText('Find the work to merge into');

    await user.type(search, '   {Enter}');
    expect(backend.sf).not.toHaveBeenCalledWith('admin-search-works', expect.anything());

    await user.clear(search);
    await user.type(search, 'nothing{Enter}');
    expect(await merge.findByText('No results found')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'pillow{Enter}');
    // The work itself is not offered as a target.
    const target = await merge.findByRole('radio', { name: 'Pillow Book (duplicate) by Sei Shōnagon' });
    expect(merge.getAllByRole('radio')).toHaveLength(1);
    await user.click(target);
    await user.click(merge.getByRole('button', { name: 'Merge into this work' }));
    expect(backend.sf).toHaveBeenCalledWith('merge-work', {
      from_work_id: WORK_ID,
      into_work_id: OTHER_WORK,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/work/${OTHER_WORK}`));
  });

  it("shows the search's failure text in red", async () => {
    const backend = adminBackend({
      sf: {
        'admin-search-works': () => {
          throw new SfError({ status: 403, code: 'forbidden', error: 'Only admins can do this.' });
        },
      },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const user = userEvent.setup();
    const merge = within((await tools()).getByRole('region', { name: 'Merge work' }));
    await user.type(merge.getByLabelText('Find the work to merge into'), 'pillow{Enter}');
    expect(await merge.findByRole('alert')).toHaveTextContent('Only admins can do this.');
  });
});
