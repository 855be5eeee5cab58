/*
 * The public calendar's embed script (app/lib/public-calendar.ts, embedding contract): sizes each
 * <iframe data-community-calendar> to the height its calendar posts. No dependencies; without it
 * (or without JavaScript) the iframe keeps the height the calendar builder wrote.
 */
(function () {
  'use strict';
  var TYPE = 'community-calendar:height';
  var ATTRIBUTE = 'data-community-calendar';
  if (window.__communityCalendarEmbed) return;
  window.__communityCalendarEmbed = true;
  function originOf(src) {
    try {
      return new URL(src, document.baseURI).origin;
    } catch (error) {
      return null;
    }
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== TYPE) return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 1 || height > 100000) return;
    var frames = document.querySelectorAll('iframe[' + ATTRIBUTE + ']');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source || originOf(frame.src) !== event.origin) continue;
      frame.style.height = Math.ceil(height) + 'px';
    }
  });
})();
