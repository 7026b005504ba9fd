#ifndef TESSERA_CHANDY_SHIM_H
#define TESSERA_CHANDY_SHIM_H

// libhandy 1: GNOME's adaptive widgets for GTK 3 (status pages, clamps, avatars, leaflets).
#include <handy.h>

#endif
