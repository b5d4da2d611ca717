// A stand-in for Stripe's connect.js, served to the browser with context.route: it implements the
// surface @stripe/connect-js drives (StripeConnect.init, the account-onboarding element and its setters)
// and shows buttons that fire step changes and exit, so browser tests can walk the embedded flow offline.
import type { BrowserContext } from 'playwright-core'

export const CONNECT_JS_URL = 'https://connect-js.stripe.com/v1.0/connect.js'

const SCRIPT = String.raw`
window.StripeConnect = window.StripeConnect || {};
window.StripeConnect.init = function (params) {
  var secret = (params.metaOptions && params.metaOptions.eagerClientSecretPromise) || params.fetchClientSecret();
  window.__standIn = { publishableKey: params.publishableKey };
  return { connect: { secret: secret }, update: function () {}, logout: function () { return Promise.resolve(); } };
};
class StandInOnboarding extends HTMLElement {
  setConnector(connector) {
    var el = this;
    connector.secret.then(function (secret) {
      el.innerHTML = '<p data-testid="stand-in-secret">' + secret + '</p>' +
        '<button type="button" data-step="individual">Stand-in: personal details</button>' +
        '<button type="button" data-step="verification.document">Stand-in: identity document</button>' +
        '<button type="button" data-step="external_account">Stand-in: bank account</button>' +
        '<button type="button" data-exit>Stand-in: exit</button>';
      el.querySelectorAll('[data-step]').forEach(function (b) { b.onclick = function () { el._step && el._step({ step: b.dataset.step }); }; });
      el.querySelector('[data-exit]').onclick = function () { el._exit && el._exit(); };
    });
  }
  setOnExitInternalOnly(fn) { this._exit = fn; }
  setOnStepChangeInternalOnly(fn) { this._step = fn; }
  setCollectionOptionsInternalOnly(o) { this.dataset.collectionOptions = JSON.stringify(o); }
  setFullTermsOfServiceUrlInternalOnly(u) { this.dataset.termsUrl = u || ''; }
  setPrivacyPolicyUrlInternalOnly(u) { this.dataset.privacyUrl = u || ''; }
  setRecipientTermsOfServiceUrlInternalOnly() {}
  setSkipTermsOfServiceCollectionInternalOnly() {}
  setOnLoadErrorInternalOnly() {}
  setOnLoaderStartInternalOnly() {}
}
customElements.define('stripe-connect-account-onboarding', StandInOnboarding);
`

/** Serves the stand-in at connect.js's URL (registered after the harness's block-everything route, so it wins). */
export async function serveConnectJsStandIn(context: BrowserContext) {
  await context.route(CONNECT_JS_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: SCRIPT }))
}
