/** The journeys' page guard (fixtures.ts) itself: a CSP violation or a page error fails a journey. */
import { test } from '../fixtures';

test.describe('the page guard', () => {
  test('fails a journey whose page breaks the CSP', async ({ page, navigate }) => {
    test.fail();
    await navigate('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
  });

  test('fails a journey whose page throws', async ({ page, navigate }) => {
    test.fail();
    await navigate('/');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown by the page');
      });
    });
    await page.waitForTimeout(100);
  });
});
