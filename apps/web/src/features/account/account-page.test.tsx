import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import AccountPage from './account-page';

describe('AccountPage', () => {
  it('shows the free plan, what it includes and excludes, and the upgrade link', () => {
    renderWithApp(<AccountPage />);
    for (const included of ['Basic SMS protection', 'Basic email protection', 'AI assistant']) {
      expect(screen.getByText(included).closest('li')).toHaveTextContent(`Included: ${included}`);
    }
    for (const excluded of ['Social media protection', 'On-device scanning', 'Priority support']) {
      expect(screen.getByText(excluded).closest('li')).toHaveTextContent(`Not included: ${excluded}`);
    }
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscription');
  });
});
