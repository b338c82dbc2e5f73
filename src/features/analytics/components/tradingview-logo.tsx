import { defineMessage, useIntl } from 'react-intl';

const logoTitle = defineMessage({ id: 'charts.tradingViewLogo', defaultMessage: 'Charting by TradingView' });

/**
 * The TradingView attribution the library's licence asks for, as the library would draw it (its logo at the
 * pane's bottom left, linking to tradingview.com), but from the app's stylesheet: the library's own logo
 * comes with an injected <style> element that the Content-Security-Policy (`style-src 'self'`) refuses.
 * Placed over the chart by its parent; 2.375 rem up clears the time axis, as the library's 10 px above the pane's foot.
 */
export function TradingViewLogo() {
  const intl = useIntl();
  const title = intl.formatMessage(logoTitle);
  return (
    <a
      href="https://www.tradingview.com/"
      target="_blank"
      rel="noopener noreferrer"
      title={title}
      aria-label={title}
      data-testid="tradingview-logo"
      className="absolute bottom-[2.375rem] left-2.5 z-[3] block h-[19px] w-[35px] focus-visible:outline-2 focus-visible:outline-brand"
    >
      <svg xmlns="http://www.w3.org/2000/svg" width="35" height="19" viewBox="0 0 35 19" fill="none" aria-hidden="true">
        <path
          className="fill-white dark:fill-[#131722]"
          fillRule="evenodd"
          clipRule="evenodd"
          d="M2 0H0v10h6v9h21.4l.5-1.3 6-15 1-2.7H23.7l-.5 1.3-.2.6a5 5 0 0 0-7-.9V0H2Zm20 17h4l5.2-13 .8-2h-7l-1 2.5-.2.5-1.5 3.8-.3.7V17Zm-.8-10a3 3 0 0 0 .7-2.7A3 3 0 1 0 16.8 7h4.4ZM14 7V2H2v6h6v9h4V7h2Z"
        />
        <path
          className="fill-[#131722] dark:fill-[#d1d4dc]"
          fillRule="evenodd"
          clipRule="evenodd"
          d="M14 2H2v6h6v9h6V2Zm12 15h-7l6-15h7l-6 15Zm-7-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
        />
      </svg>
    </a>
  );
}
