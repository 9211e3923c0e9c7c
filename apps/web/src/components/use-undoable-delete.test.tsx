import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { useListDelete } from './use-list-delete';
import { useHiddenMessageIds } from './use-undoable-delete';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const ENTRIES = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bravo' },
  { id: 'c', name: 'Charlie' },
];
// What the server has deleted (the list leaves these out, as a refetched list would).
const deletedOnServer = new Set<string>();

/** A list like History's: entries with Delete, focus kept in the list, a search box beside it. */
function List() {
  const hidden = useHiddenMessageIds();
  const { listRef, onDelete } = useListDelete('list-heading');
  const shown = ENTRIES.filter((e) => !hidden.has(e.id) && !deletedOnServer.has(e.id));
  return (
    <section>
      <h2 id="list-heading" tabIndex={-1}>
        Entries
      </h2>
      <label>
        Notes <input type="text" />
      </label>
      <ul ref={listRef}>
        {shown.map((e) => (
          <li key={e.id}>
            <article data-message-id={e.id} tabIndex={-1} aria-label={e.name}>
              {e.name}
              <button type="button" onClick={() => onDelete(shown, e.id)}>
                Delete
              </button>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function setUp() {
  deletedOnServer.clear();
  const { calls } = mockApi({
    'DELETE /api/messages/b': () => {
      deletedOnServer.add('b');
      return { body: { success: true } };
    },
  });
  renderWithApp(<List />);
  const deletes = () => calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
  const names = () => screen.queryAllByRole('article').map((a) => a.getAttribute('data-message-id'));
  const deleteButton = (name: string) => within(screen.getByRole('article', { name })).getByRole('button', { name: 'Delete' });
  return { deletes, names, deleteButton };
}

describe('Undo of a delete by keyboard', () => {
  it('Ctrl+Z undoes a delete made with the keyboard: the toast said so, the entry is back and focused, nothing is sent', async () => {
    const { deletes, names, deleteButton } = setUp();
    deleteButton('Bravo').focus();
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['a', 'c']);
    expect(document.activeElement).toHaveAttribute('data-message-id', 'c');
    expect(screen.getByText('Press Ctrl+Z to undo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'Control+Z');

    await userEvent.keyboard('{Control>}z{/Control}');
    expect(names()).toEqual(['a', 'b', 'c']);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-message-id', 'b'));
    await waitFor(() => expect(screen.queryByText('Message deleted')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);
    // Nothing left on offer: a second Ctrl+Z does nothing.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(names()).toEqual(['a', 'b', 'c']);
    expect(deletes()).toEqual([]);
  });

  it('names the key on a Mac as ⌘Z, and ⌘Z undoes', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const { names, deleteButton } = setUp();
    deleteButton('Bravo').focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Press ⌘Z to undo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'Meta+Z');
    await userEvent.keyboard('{Meta>}z{/Meta}');
    expect(names()).toEqual(['a', 'b', 'c']);
  });

  it('shows no key hint after a delete by mouse or touch, and the key still works', async () => {
    const { names, deleteButton } = setUp();
    await userEvent.click(deleteButton('Bravo'));
    expect(screen.getByText('Message deleted')).toBeInTheDocument();
    expect(screen.queryByText(/to undo\./)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'Control+Z');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(names()).toEqual(['a', 'b', 'c']);
  });

  it('leaves Ctrl+Z to a text field (undoing typing there), and Shift+Ctrl+Z (redo) alone', async () => {
    const { names, deleteButton, deletes } = setUp();
    deleteButton('Bravo').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(names()).toEqual(['a', 'c']);
    await userEvent.click(screen.getByRole('textbox', { name: 'Notes' }));
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(names()).toEqual(['a', 'c']);
    expect(screen.getByText('Message deleted')).toBeInTheDocument();
    // The toast ends: the delete goes to the server as before.
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(deletes()).toEqual(['/api/messages/b']));
    // And with the Undo gone, Ctrl+Z brings nothing back.
    screen.getByRole('heading', { name: 'Entries' }).focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(names()).toEqual(['a', 'c']);
  });

  it('offers Undo for 10 s, holds it while focus is in the toast, then deletes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { deletes, names, deleteButton } = setUp();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    deleteButton('Bravo').focus();
    await user.keyboard('{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(deletes()).toEqual([]);

    // Focus in the toast (F8, then Tab to Undo): the time stops.
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(deletes()).toEqual([]);

    // Focus leaves: the rest of the time runs out and the delete is sent.
    act(() => screen.getByRole('heading', { name: 'Entries' }).focus());
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(deletes()).toEqual(['/api/messages/b']));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(names()).toEqual(['a', 'c']);
  });
});
