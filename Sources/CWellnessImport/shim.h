/* expat (Debian: libexpat1-dev): the streamed XML parser of the importers.
   zlib (Debian: zlib1g-dev): inflates the export.zip member as it is read. */
#include <expat.h>
#include <zlib.h>
