import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('store footer', () => {
  it('shows social links, terms and privacy, payment brands and the delivery promise', async () => {
    renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    for (const network of ['Facebook', 'Instagram', 'X', 'YouTube']) {
      expect(within(footer).getByRole('link', { name: network })).toHaveAttribute('target', '_blank');
    }
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    const brands = within(within(footer).getByRole('list', { name: 'Payment methods' })).getAllByRole(
      'listitem',
    );
    expect(brands.map((brand) => brand.textContent)).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'PayPal',
    ]);
    expect(within(footer).getByText('We deliver to 40+ countries.')).toBeInTheDocument();
  });
});
