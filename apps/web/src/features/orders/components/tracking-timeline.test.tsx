import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '../lib/dates';
import { order } from '../../../test/order-fixtures';
import { trackingSteps } from '../lib/tracking-steps';
import { TrackingTimeline } from './tracking-timeline';

const at = (iso: string) => ({ $date: iso });
const SHIPPED = order({
  pStatus: 'SHIPPED',
  carrier: 'BlueDart',
  trackingNumber: 'BD123',
  statusHistory: [
    { from: null, status: 'UP', cause: 'order_created', at: at('2026-11-20T04:00:00.000Z') },
    { from: 'UP', status: 'PF', cause: 'payment_callback', at: at('2026-11-20T04:05:00.000Z') },
    { from: 'PF', status: 'PD', cause: 'payment_callback', at: at('2026-11-20T04:10:00.000Z') },
    { from: 'PD', status: 'SHIPPED', cause: 'operator', at: at('2026-11-21T09:30:00.000Z') },
  ],
});

describe('the tracking view', () => {
  it('dates each step by the history entry that reached it', () => {
    expect(trackingSteps(SHIPPED)).toEqual([
      { label: 'Placed', at: '2026-11-20T04:00:00.000Z' },
      { label: 'Paid', at: '2026-11-20T04:10:00.000Z' },
      { label: 'Shipped', at: '2026-11-21T09:30:00.000Z' },
      { label: 'Delivered', at: null },
    ]);
  });

  it('shows the steps reached, the carrier and the tracking number once shipped', () => {
    render(<TrackingTimeline order={SHIPPED} />);
    const steps = screen.getAllByTestId('tracking-step');
    expect(steps.map((step) => step.dataset.done)).toEqual(['true', 'true', 'true', 'false']);
    const shipped = '2026-11-21T09:30:00.000Z';
    expect(steps[2]).toHaveTextContent(`Shipped${formatDate(shipped)}, ${formatTime(shipped)}`);
    expect(steps[3]).toHaveTextContent('DeliveredPending');
    expect(screen.getByText('BlueDart')).toBeInTheDocument();
    expect(screen.getByText('BD123')).toBeInTheDocument();
  });

  it('links to the carrier’s page for the parcel when staff gave one, in a new tab', () => {
    const { rerender } = render(<TrackingTimeline order={SHIPPED} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const url = 'https://www.bluedart.com/track?n=BD123';
    rerender(<TrackingTimeline order={{ ...SHIPPED, trackingUrl: url }} />);
    const link = screen.getByRole('link', { name: /Follow the parcel on BlueDart/ });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('waits for the shipment before naming a carrier', () => {
    render(<TrackingTimeline order={order({ pStatus: 'PD' })} />);
    expect(
      screen.getByText('The carrier and tracking number appear here once the order has shipped.'),
    ).toBeInTheDocument();
  });
});
