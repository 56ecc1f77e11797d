import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { changeText, lastDays, REPORT_PAGE_SIZE } from './components/analytics-page';

const overview = {
  from: '2026-11-01',
  to: '2026-11-10',
  previousFrom: '2026-10-22',
  previousTo: '2026-10-31',
  sales: { value: 110, previous: 55, change: 100 },
  orders: { value: 3, previous: 4, change: -25 },
  visits: { value: 3, previous: 0, change: null },
  conversion: { value: 66.67, previous: 0, change: null },
  recovered: { count: 2, revenue: 61.4 },
  series: Array.from({ length: 10 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    sales: i === 1 ? 100 : 0,
    orders: i === 1 ? 1 : 0,
    visits: i === 1 ? 2 : 0,
  })),
};

const report = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Sales by day, report ${n}`,
  type: 'sales-by-day',
  from: '2026-11-01',
  to: '2026-11-10',
  status: n === 2 ? 'Failed' : 'Ready',
  rowCount: 10,
  error: n === 2 ? 'The database was busy.' : null,
  createdBy: 'Store Admin',
  createdAt: '2026-11-24T10:00:00.000Z',
});

describe('Analytics & Reports', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows each figure with its change against the period before, and generates a report', async () => {
    const reports = [report(1), report(2), report(3), report(4)];
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /analytics/overview': () => jsonResponse(200, dataEnvelope(overview)),
      'GET /analytics/reports': (request) => {
        const page = Number(request.url.searchParams.get('page') ?? 1);
        return jsonResponse(200, {
          success: true,
          data: reports.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE),
          meta: { page, limit: REPORT_PAGE_SIZE, total: reports.length },
        });
      },
      'POST /analytics/reports': (request) => {
        const created = { ...report(9), type: (request.body as { type: string }).type, name: 'Refunds, new' };
        reports.unshift(created);
        return jsonResponse(201, { ...dataEnvelope(created), message: 'Report generated.' });
      },
    });
    const { user } = renderApp('/manage-admin/analytics');

    expect(await screen.findByRole('heading', { name: 'Analytics & Reports' })).toBeInTheDocument();
    const sales = within(await screen.findByRole('region', { name: 'Total Sales' }));
    expect(await sales.findByText('$110.00')).toBeInTheDocument();
    expect(sales.getByText('+100.0%')).toBeInTheDocument();
    expect(sales.getByText('vs $55.00 the 10 days before')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Orders' })).getByText('−25.0%')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Visits' })).getByText('new')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Conversion' })).getByText('66.67%'),
    ).toBeInTheDocument();
    const recovered = within(screen.getByRole('region', { name: 'Recovered Orders' }));
    expect(recovered.getByText('2')).toBeInTheDocument();
    expect(recovered.getByText('$61.40')).toBeInTheDocument();
    // The range asked for is the last 30 days by default.
    const asked = api.sentTo('GET /analytics/overview')[0]?.url.searchParams;
    expect({ from: asked?.get('from'), to: asked?.get('to') }).toEqual(lastDays(30));

    const log = await screen.findByRole('table', { name: 'Report log' });
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(REPORT_PAGE_SIZE + 1));
    expect(within(log).getByText('The database was busy.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Report' }), 'refunds');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Report generated.')).toBeInTheDocument();
    expect(api.sentTo('POST /analytics/reports')[0]?.body).toEqual({ type: 'refunds', ...lastDays(30) });
    expect(await within(log).findByText('Refunds, new')).toBeInTheDocument();
  });

  it('asks for a custom range only once it is whole and in order', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /analytics/overview': () => jsonResponse(200, dataEnvelope(overview)),
      'GET /analytics/reports': () =>
        jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 3, total: 0 } }),
    });
    const { user } = renderApp('/manage-admin/analytics');
    expect(await screen.findByText('No reports generated yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    expect(await screen.findByText('The end is before the start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(to);
    await user.type(to, '2026-11-12');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        api
          .sentTo('GET /analytics/overview')
          .some((request) => request.url.searchParams.get('to') === '2026-11-12'),
      ).toBe(true),
    );
  });

  it('writes changes the way people read them', () => {
    expect(changeText(12.5)).toBe('+12.5%');
    expect(changeText(-3)).toBe('−3.0%');
    expect(changeText(0)).toBe('0%');
    expect(changeText(null)).toBe('new');
    expect(lastDays(7, new Date('2026-11-24T10:00:00Z'))).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });
});
