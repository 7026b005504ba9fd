// GIO without GTK: the desktop's proxy settings (GProxyResolver) for the HTTP client.
#include <gio/gio.h>
