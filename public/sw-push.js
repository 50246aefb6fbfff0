/* Web Push for ShetMitra (issue 16): show the server's notification and open what it is about when tapped.
   The payload is JSON { title, body, link, lang } written by the server in the reader's language. */
(function () {
  var ICON = '/favicon.svg';

  function parse(event) {
    if (!event.data) return {};
    try {
      return event.data.json() || {};
    } catch {
      return { body: event.data.text() };
    }
  }

  /** Only links inside the app: a payload cannot send the reader to another site. */
  function sameOriginLink(link) {
    try {
      var url = new URL(link || '/', self.location.origin);
      return url.origin === self.location.origin ? url.href : self.location.origin + '/';
    } catch {
      return self.location.origin + '/';
    }
  }

  self.addEventListener('push', function (event) {
    var data = parse(event);
    var title = typeof data.title === 'string' && data.title ? data.title : 'शेतमित्र';
    event.waitUntil(
      self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: ICON,
        badge: ICON,
        lang: typeof data.lang === 'string' ? data.lang : 'mr',
        tag: typeof data.link === 'string' ? data.link : undefined,
        data: { link: sameOriginLink(data.link) },
      }),
    );
  });

  self.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var link = (event.notification.data && event.notification.data.link) || self.location.origin + '/';
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
        for (var i = 0; i < windows.length; i++) {
          var client = windows[i];
          if (new URL(client.url).origin !== self.location.origin) continue;
          // An open tab of the app: bring it forward on the notification's screen.
          return client.focus().then(function (focused) {
            return focused && 'navigate' in focused ? focused.navigate(link) : focused;
          });
        }
        return self.clients.openWindow(link);
      }),
    );
  });
})();
