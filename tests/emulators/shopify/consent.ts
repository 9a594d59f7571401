/** The storefront of a shop that asks shoppers for consent (control: seed { consentBanner }), on any theme. */

/**
 * Shopify's Customer Privacy API as a store that asks for consent has it
 * (window.Shopify.customerPrivacy): the shopper's choice lives in the
 * _tracking_consent cookie; without a choice, analytics is not allowed.
 */
export const CUSTOMER_PRIVACY_SCRIPT = `<script>
(function () {
  var read = function () { var m = document.cookie.match(/(?:^|; )_tracking_consent=([^;]*)/); return m ? m[1] : ""; };
  window.Shopify.customerPrivacy = {
    analyticsProcessingAllowed: function () { return read() === "yes"; },
    currentVisitorConsent: function () { var c = read(); return { analytics: c === "yes" ? "yes" : c === "no" ? "no" : "" }; },
    setTrackingConsent: function (consent, done) {
      document.cookie = "_tracking_consent=" + (consent && consent.analytics ? "yes" : "no") + "; path=/; SameSite=Lax";
      document.dispatchEvent(new CustomEvent("visitorConsentCollected", { detail: { analyticsAllowed: !!(consent && consent.analytics) } }));
      if (done) done();
    },
  };
})();
</script>`;

/** The cookie banner: until the shopper chooses, then gone. */
export const CONSENT_BANNER = `<div id="local-consent" role="region" aria-label="Cookie consent" style="position:fixed;left:16px;right:16px;bottom:16px;padding:16px;background:#fff;border:1px solid #ccc;z-index:2147483647">
  <p>We use cookies to understand how you use this store.</p>
  <button type="button" data-consent="yes">Accept</button>
  <button type="button" data-consent="no">Decline</button>
</div>
<script>
(function () {
  var banner = document.getElementById("local-consent");
  if (/(?:^|; )_tracking_consent=/.test(document.cookie)) { banner.remove(); return; }
  banner.addEventListener("click", function (event) {
    var choice = event.target && event.target.getAttribute("data-consent");
    if (!choice) return;
    window.Shopify.customerPrivacy.setTrackingConsent({ analytics: choice === "yes" }, function () { banner.remove(); });
  });
})();
</script>`;
