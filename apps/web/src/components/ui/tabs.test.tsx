import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Panels({ later }: { later?: boolean }) {
  const [loaded, setLoaded] = useState(!later);
  return (
    <Tabs defaultValue="form">
      <TabsList aria-label="Sections">
        <TabsTrigger value="form">Form</TabsTrigger>
        <TabsTrigger value="text">Text</TabsTrigger>
        <TabsTrigger value="scan">Scan</TabsTrigger>
      </TabsList>
      <TabsContent value="form">
        <h3>Your details</h3>
        {loaded ? (
          <label>
            Email <input type="email" />
          </label>
        ) : (
          <p>Loading…</p>
        )}
        <button type="button" onClick={() => setLoaded(true)} hidden>
          Load
        </button>
      </TabsContent>
      <TabsContent value="text">
        <p>Nothing here takes focus.</p>
        <button type="button" disabled>
          Not yet
        </button>
      </TabsContent>
      <TabsContent value="scan" tabIndex={-1}>
        <button type="button">Scan</button>
      </TabsContent>
    </Tabs>
  );
}

describe('TabsContent', () => {
  it('is no Tab stop of its own when something inside takes focus: Tab goes from the tab to it', async () => {
    render(<Panels />);
    const panel = screen.getByRole('tabpanel', { name: 'Form' });
    expect(panel).not.toHaveAttribute('tabindex');
    await userEvent.click(screen.getByRole('tab', { name: 'Form' }));
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('is a Tab stop when nothing inside takes focus (disabled and hidden controls do not count)', async () => {
    render(<Panels />);
    await userEvent.click(screen.getByRole('tab', { name: 'Text' }));
    const panel = screen.getByRole('tabpanel', { name: 'Text' });
    expect(panel).toHaveAttribute('tabindex', '0');
    await userEvent.tab();
    expect(panel).toHaveFocus();
  });

  it('follows content that comes later, and an explicit tabIndex wins', async () => {
    render(<Panels later />);
    const panel = screen.getByRole('tabpanel', { name: 'Form' });
    expect(panel).toHaveAttribute('tabindex', '0');
    await act(async () => screen.getByText('Load').click());
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    await act(async () => {}); // the MutationObserver's turn
    expect(panel).not.toHaveAttribute('tabindex');

    await userEvent.click(screen.getByRole('tab', { name: 'Scan' }));
    expect(screen.getByRole('tabpanel', { name: 'Scan' })).toHaveAttribute('tabindex', '-1');
  });

  it('passes a focus that lands on the list itself on to the selected tab (after a mouse click, Radix can leave it there)', async () => {
    render(<Panels />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Text' }));
    act(() => screen.getByRole('tablist', { name: 'Sections' }).focus());
    expect(screen.getByRole('tab', { name: 'Text' })).toHaveFocus();
  });
});
