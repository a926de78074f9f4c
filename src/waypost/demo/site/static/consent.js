/* Cookie consent banner of the Waypost demo site. No tracking: it only remembers the choice. */
(function () {
  "use strict";
  var YEAR = 60 * 60 * 24 * 365;

  function hasCookie() {
    return /(?:^|;\s*)consent=/.test(document.cookie);
  }

  function remember(value) {
    document.cookie = "consent=" + value + "; path=/; max-age=" + YEAR + "; SameSite=Lax";
    try {
      window.localStorage.setItem("consent", value);
    } catch (err) {
      /* storage may be disabled */
    }
  }

  function forget() {
    document.cookie = "consent=; path=/; max-age=0; SameSite=Lax";
    try {
      window.localStorage.removeItem("consent");
    } catch (err) {
      /* storage may be disabled */
    }
  }

  function init() {
    var banner = document.getElementById("consent-banner");
    if (banner) {
      var stored = null;
      try {
        stored = window.localStorage.getItem("consent");
      } catch (err) {
        stored = null;
      }
      if (stored === "yes" || stored === "no") {
        /* Decided earlier but the cookie is gone: restore it and keep the banner hidden. */
        remember(stored);
        banner.hidden = true;
      }
      var buttons = banner.querySelectorAll("button[data-consent]");
      for (var i = 0; i < buttons.length; i++) {
        buttons[i].addEventListener("click", function (event) {
          event.preventDefault();
          remember(this.getAttribute("data-consent"));
          banner.hidden = true;
        });
      }
    }
    var settings = document.getElementById("consent-settings");
    if (settings) {
      settings.addEventListener("click", function (event) {
        event.preventDefault();
        if (hasCookie() || !banner) {
          forget();
          window.location.reload();
        } else {
          banner.hidden = false;
        }
      });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
