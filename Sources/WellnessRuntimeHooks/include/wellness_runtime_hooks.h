/* Intentionally empty: this target carries libwellness.so's link settings
   and a link-time hook, no API. */
