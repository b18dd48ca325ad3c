/* Table writer: implemented by the CLI work. */
#include "export/table.h"
