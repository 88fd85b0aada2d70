/* disks.cpp - disks_read on S4U's asynchronous disk reads (see disks.h). */
#include "disks.h"

#include "activities.h"

#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Io.hpp>

#include <vector>

extern "C" void disks_read(const sg_disk_t *disks, const int64_t *bytes, int n)
{
  std::vector<simgrid::s4u::IoPtr> reads;
  for (int k = 0; k < n; k++)
    if (bytes[k] > 0) {
      activities_begin(ACT_DISK_READ);
      reads.push_back(disks[k]->read_async(static_cast<sg_size_t>(bytes[k])));
    }
  for (const auto &io : reads) {
    io->wait();
    activities_end(ACT_DISK_READ);
  }
}
