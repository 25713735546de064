"""Cost: price books and the total-cost-of-ownership model over nodes and cluster plans (Qt-free).

`prices` reads the shipped price book and a user's own (which overrides it entry by entry); `tco` turns a
capital bill, the IT power and a site's energy and finance parameters into capital, yearly cost, cost per
GPU-hour and break-even against a rental price, following the structure of Barroso, Hoelzle and
Ranganathan, The Datacenter as a Computer (3rd ed., Morgan & Claypool, 2018), chapter 6.
"""
