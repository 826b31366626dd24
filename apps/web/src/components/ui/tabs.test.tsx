import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function renderTabs() {
  render(
    <Tabs defaultValue="one">
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three">Third panel</TabsContent>
    </Tabs>,
  );
  return (name: string) => screen.getByRole('tab', { name });
}

describe('tabs', () => {
  it('shows the selected tab’s panel only, labelled by its tab', async () => {
    const tab = renderTabs();
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('First panel');
    expect(panel).toHaveAccessibleName('One');
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    expect(tab('One')).toHaveAttribute('aria-controls', panel.id);
    expect(tab('Two')).toHaveAttribute('aria-selected', 'false');

    await userEvent.setup().click(tab('Two'));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    expect(screen.queryByText('First panel')).not.toBeInTheDocument();
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps one tab in the tab order and moves with arrows, Home and End', async () => {
    const user = userEvent.setup();
    const tab = renderTabs();
    await user.tab();
    expect(tab('One')).toHaveFocus();
    expect(tab('Two')).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowRight}');
    expect(tab('Two')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third panel');
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');

    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
