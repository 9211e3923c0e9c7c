import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_POPUP_MS } from '@baitcheck/contracts/lite';
import { mockApi, renderWithApp } from '@/testing/render';
import { makeNotification } from '@/testing/notifications';
import { toast } from '@/components/ui/toast-store';
import { NotificationPopup, popupText } from './notification-popup';
import { dismissPopup, getPopup, removePopup, showPopup } from './popup-store';

beforeEach(() => {
  removePopup();
  mockApi({});
});

afterEach(() => {
  act(() => removePopup());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PHISHING = makeNotification();
const SUSPICIOUS = makeNotification({
  id: 'n2',
  type: 'suspicious_content',
  title: 'Suspicious message',
  body: 'An email from billing@paypa1.com looks suspicious.',
  threatLevel: 'suspicious',
  url: '/history?messageId=m2',
});

const popups = () => screen.queryAllByTestId('notification-popup');

describe('Notification pop-up', () => {
  it('shows one alert with its title, text and an Open link to its page, in its own region apart from the toasts', async () => {
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    const popup = await screen.findByTestId('notification-popup');
    expect(within(popup).getByText('Phishing detected')).toBeInTheDocument();
    expect(within(popup).getByText(PHISHING.body)).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/history?messageId=m1');
    expect(within(popup).getByRole('button', { name: 'Close alert' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'New alerts' });
    expect(region).toContainElement(popup);

    // an ordinary toast goes to its own region and leaves the pop-up alone
    act(() => void toast({ title: 'Settings updated' }));
    const toasts = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(toasts).findByText('Settings updated')).toBeInTheDocument();
    expect(within(region).getByText('Phishing detected')).toBeInTheDocument();
    expect(within(region).queryByText('Settings updated')).not.toBeInTheDocument();
  });

  it('shows at most one: a second alert updates the visible one in place, with the count and the latest', async () => {
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    await screen.findByText('Phishing detected');
    act(() => showPopup(SUSPICIOUS));
    await waitFor(() => expect(popups()).toHaveLength(1));
    const popup = popups()[0]!;
    expect(within(popup).getByText('2 new alerts')).toBeInTheDocument();
    expect(within(popup).getByText('Latest: Suspicious message')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/history?messageId=m2');

    // the same alert again (a summary that grew) does not count twice
    act(() => showPopup({ ...SUSPICIOUS, title: 'Suspicious messages', count: 3 }));
    await waitFor(() => expect(within(popups()[0]!).getByText('Latest: Suspicious messages')).toBeInTheDocument());
    expect(within(popups()[0]!).getByText('2 new alerts')).toBeInTheDocument();

    expect(popupText({ count: 1, notification: PHISHING })).toEqual({ title: 'Phishing detected', description: PHISHING.body });
  });

  it(`closes by itself after ${NOTIFICATION_POPUP_MS} ms, counted from the latest alert`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    expect(popups()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(NOTIFICATION_POPUP_MS - 1000));
    // a new alert starts the time again
    act(() => showPopup(SUSPICIOUS));
    act(() => vi.advanceTimersByTime(NOTIFICATION_POPUP_MS - 1));
    expect(popups()).toHaveLength(1);
    expect(getPopup()?.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(getPopup()?.open).toBe(false);
    expect(popups()).toHaveLength(0);

    // after it closed, the next alert starts a new pop-up counting from one
    act(() => showPopup(PHISHING));
    expect(within(popups()[0]!).getByText('Phishing detected')).toBeInTheDocument();
  });

  it('Escape closes it, and so does its Close button', async () => {
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    await screen.findByTestId('notification-popup');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(popups()).toHaveLength(0));

    act(() => showPopup(SUSPICIOUS));
    await userEvent.click(await screen.findByRole('button', { name: 'Close alert' }));
    await waitFor(() => expect(popups()).toHaveLength(0));
    expect(getPopup()?.open).toBe(false);
  });

  it('a swipe right of 50 px dismisses it; a shorter one does not', async () => {
    // jsdom has no pointer events: a mouse event with the pointer's fields stands in
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventStub);
    const hadCapture = 'setPointerCapture' in Element.prototype;
    if (!hadCapture) Element.prototype.setPointerCapture = () => {};
    onTestFinished(() => {
      if (!hadCapture) delete (Element.prototype as Partial<Element>).setPointerCapture;
    });
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    const popup = await screen.findByTestId('notification-popup');
    const swipe = (to: number) => {
      fireEvent.pointerDown(popup, { button: 0, clientX: 100, clientY: 10, pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerMove(popup, { clientX: 100 + 15, clientY: 10, pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerMove(popup, { clientX: 100 + to, clientY: 10, pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerUp(popup, { clientX: 100 + to, clientY: 10, pointerId: 1, pointerType: 'touch' });
    };
    swipe(30);
    expect(getPopup()?.open).toBe(true);
    swipe(60);
    await waitFor(() => expect(getPopup()?.open).toBe(false));
  });

  it('announces a phishing alert assertively and others politely', async () => {
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    await waitFor(() => expect(document.querySelector('[role="status"][aria-live="assertive"]')).toHaveTextContent(/Phishing detected/));
    act(() => dismissPopup());
    await waitFor(() => expect(popups()).toHaveLength(0));
    act(() => showPopup(SUSPICIOUS));
    await waitFor(() => expect(document.querySelector('[role="status"][aria-live="polite"]')).toHaveTextContent(/Suspicious message/));
  });

  it('Open goes to the alert, tells its owner and closes', async () => {
    const onOpen = vi.fn();
    const { location } = renderWithApp(<NotificationPopup onOpen={onOpen} />, { path: '/scan' });
    act(() => showPopup(PHISHING));
    await userEvent.click(await screen.findByRole('link', { name: /^View/ }));
    expect(onOpen).toHaveBeenCalledWith(PHISHING);
    expect(location.history?.at(-1)).toBe('/history?messageId=m1');
    await waitFor(() => expect(popups()).toHaveLength(0));
  });

  it('keeps the focus on the control it was on when an update redraws it', async () => {
    renderWithApp(<NotificationPopup />);
    act(() => showPopup(PHISHING));
    const open = await screen.findByRole('link', { name: /^View/ });
    act(() => open.focus());
    act(() => showPopup(SUSPICIOUS));
    await waitFor(() => expect(screen.getByText('2 new alerts')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^View/ })).toHaveFocus();
  });
});
