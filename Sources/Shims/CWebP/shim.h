#ifndef TESSERA_CWEBP_SHIM_H
#define TESSERA_CWEBP_SHIM_H
// libwebp's animation decoder (demux): the frames of an animated WebP, which gdk-pixbuf's WebP
// loader does not step through by the times it is given.
#include <webp/demux.h>
#endif
