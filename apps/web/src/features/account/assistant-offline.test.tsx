import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { mockApi, renderWithApp } from '@/testing/render';
import { AssistantTab } from './assistant-tab';

const CHAT = 'POST /api/assistant/chat';
const answer = { answer: 'Do not click the link.', timestamp: '2025-03-01T14:05:00.000Z', sources: [], scan: null, mode: 'built-in' };

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

const input = () => screen.getByRole('textbox', { name: 'Message to the assistant' });
const log = () => screen.getByRole('log', { name: 'Conversation with the assistant' });

/** The browser offline: TanStack Query is told so, and fetch rejects as a browser's does. */
function goOffline(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  act(() => onlineManager.setOnline(false));
  fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
}

describe('AssistantTab offline', () => {
  it("says at once that Baitcheck can't be reached and puts the question back in the box", async () => {
    const { fetchMock } = mockApi({ [CHAT]: { body: answer } });
    renderWithApp(<AssistantTab />, { path: '/account' });
    const online = fetchMock.getMockImplementation()!;
    goOffline(fetchMock);

    await userEvent.type(input(), 'Is this text from my bank real?{Enter}');
    expect(await screen.findByText("Can't reach Baitcheck — check your connection")).toBeInTheDocument();
    expect(screen.getByText('Your question is back in the box: send it again once you are connected.')).toBeInTheDocument();
    expect(screen.queryByText('Unable to get a response. Please try again later.')).not.toBeInTheDocument();
    // Not left waiting: no typing indicator, the box usable, the question in it and not in the log.
    expect(screen.queryByTestId('assistant-typing')).not.toBeInTheDocument();
    expect(input()).toBeEnabled();
    expect(input()).toHaveValue('Is this text from my bank real?');
    expect(log().querySelectorAll('[data-role="user"]')).toHaveLength(0);
    await waitFor(() => expect(input()).toHaveFocus());

    // Back online, Enter sends it, once.
    act(() => onlineManager.setOnline(true));
    fetchMock.mockImplementation(online);
    await userEvent.keyboard('{Enter}');
    expect(await within(log()).findByText('Do not click the link.')).toBeInTheDocument();
    // The "can't reach" toast does not stay beside the answer.
    expect(screen.queryByText("Can't reach Baitcheck — check your connection")).not.toBeInTheDocument();
    const questions = log().querySelectorAll('[data-role="user"]');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toHaveTextContent('Is this text from my bank real?');
    expect(input()).toHaveValue('');
  });
});
