import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './tooltip';

function renderTooltip() {
  render(
    <>
      <Tooltip
        trigger={
          <button type="button" aria-label="About shipping sources">
            i
          </button>
        }
      >
        Ex-India Customs: shipped from abroad, duties paid.
      </Tooltip>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'About shipping sources' });
}

const tip = () => screen.queryByRole('tooltip');

describe('the tooltip', () => {
  it('opens on a tap and closes on a second tap or a tap outside', async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.pointer({ keys: '[TouchA]', target: trigger });
    expect(tip()).toHaveTextContent('Ex-India Customs: shipped from abroad, duties paid.');
    await user.pointer({ keys: '[TouchA]', target: trigger });
    await waitFor(() => expect(tip()).not.toBeInTheDocument());

    await user.pointer({ keys: '[TouchA]', target: trigger });
    expect(tip()).toBeInTheDocument();
    await user.pointer({ keys: '[TouchA]', target: document.body });
    await waitFor(() => expect(tip()).not.toBeInTheDocument());
  });

  it('opens on a mouse click and stays open when the pointer leaves', async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.click(trigger);
    await user.unhover(trigger);
    expect(tip()).toBeInTheDocument();
  });

  it('still opens on keyboard focus and closes on Escape and when focus moves on', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.tab();
    expect(tip()).toHaveTextContent('Ex-India Customs');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(tip()).not.toBeInTheDocument());

    await user.keyboard('{Enter}');
    expect(tip()).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await waitFor(() => expect(tip()).not.toBeInTheDocument());
  });

  it('opens on hover after a short rest and describes its trigger', async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ex-India Customs');
    expect(trigger).toHaveAttribute('aria-describedby', tip()!.id);
    await user.unhover(trigger);
    expect(tip()).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });
});
