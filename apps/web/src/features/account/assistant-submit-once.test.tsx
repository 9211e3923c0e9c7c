import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { AssistantTab } from './assistant-tab';

afterEach(() => vi.unstubAllGlobals());

const answer = { answer: 'It is a scam.', timestamp: '2025-03-01T14:05:00.000Z', sources: [], scan: null, mode: 'built-in' };

describe('AssistantTab, a question sent twice at once', () => {
  it('asks once and shows the question once for Enter pressed twice, or Enter and a click', async () => {
    const { calls } = mockApi({ 'POST /api/assistant/chat': { body: answer } });
    renderWithApp(<AssistantTab />, { path: '/account' });
    const input = screen.getByRole('textbox', { name: 'Message to the assistant' });
    await userEvent.type(input, 'Is this text from my bank real?');
    // before React has drawn the waiting state
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    });
    await screen.findByText('It is a scam.');
    expect(calls.filter((c) => c.path === '/api/assistant/chat')).toHaveLength(1);
    const log = screen.getByRole('log', { name: 'Conversation with the assistant' });
    expect(log.querySelectorAll('[data-role="user"]')).toHaveLength(1);
  });

  it('can ask again at once in a conversation cleared while waiting', async () => {
    let release: () => void = () => {};
    const { calls, fetchMock } = mockApi({ 'POST /api/assistant/chat': { body: answer } });
    const answered = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (i, init) => {
      const res = await answered(i, init);
      return new Promise<Response>((resolve) => (release = () => resolve(res)));
    });
    renderWithApp(<AssistantTab />, { path: '/account' });
    const input = screen.getByRole('textbox', { name: 'Message to the assistant' });
    await userEvent.type(input, 'First question{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, 'Second question{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/assistant/chat')).toHaveLength(2));
    release();
  });
});
