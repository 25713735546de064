<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Application</name>
    <message>
        <source>Cannot open design</source>
        <translation>无法打开设计</translation>
    </message>
    <message>
        <source>Internal error ({error}); </source>
        <translation>内部错误（{error}）；</translation>
    </message>
    <message>
        <source>your design was autosaved; </source>
        <translation>设计已自动保存；</translation>
    </message>
    <message>
        <source>details in {log}</source>
        <translation>详情见 {log}</translation>
    </message>
</context>
<context>
    <name>BomPanel</name>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit power (W)</source>
        <translation>单件功耗 (W)</translation>
    </message>
    <message>
        <source>Total power (W)</source>
        <translation>总功耗 (W)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>BrandingDialog</name>
    <message>
        <source>Preferences: Branding</source>
        <translation>首选项：品牌</translation>
    </message>
    <message>
        <source>not an offer</source>
        <translation>非报价</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Used by PDF spec sheets and slides. Saved to {path}</source>
        <translation>用于 PDF 规格表和幻灯片。保存到 {path}</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Contact line</source>
        <translation>联系方式</translation>
    </message>
    <message>
        <source>Colour (#rrggbb)</source>
        <translation>颜色 (#rrggbb)</translation>
    </message>
    <message>
        <source>Choose...</source>
        <translation>选择...</translation>
    </message>
    <message>
        <source>Logo (SVG or PNG)</source>
        <translation>标志 (SVG 或 PNG)</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Disclaimer</source>
        <translation>免责声明</translation>
    </message>
    <message>
        <source>Document number prefix</source>
        <translation>文档编号前缀</translation>
    </message>
    <message>
        <source>Prices valid for</source>
        <translation>价格有效期</translation>
    </message>
    <message>
        <source>The saved branding could not be read: {error}</source>
        <translation>无法读取已保存的品牌设置：{error}</translation>
    </message>
    <message>
        <source>Brand colour</source>
        <translation>品牌颜色</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>Logos (*.svg *.png)</source>
        <translation>标志 (*.svg *.png)</translation>
    </message>
</context>
<context>
    <name>CanvasController</name>
    <message>
        <source>{action}: refused: {reason}</source>
        <translation>{action}：已拒绝：{reason}</translation>
    </message>
    <message>
        <source>Add {part}: refused: {reason}</source>
        <translation>添加 {part}：已拒绝：{reason}</translation>
    </message>
    <message>
        <source>Move {id}: refused: drop it on a {kind} slot</source>
        <translation>移动 {id}：已拒绝：请放到 {kind} 插槽</translation>
    </message>
</context>
<context>
    <name>ChangesDialog</name>
    <message>
        <source>This design has not been saved yet: there is no saved version to compare with.</source>
        <translation>此设计尚未保存：没有可比较的已保存版本。</translation>
    </message>
    <message>
        <source>The saved version cannot be read: {error}</source>
        <translation>无法读取已保存的版本：{error}</translation>
    </message>
    <message>
        <source>Saved file: {name}</source>
        <translation>已保存的文件：{name}</translation>
    </message>
    <message>
        <source>Changes since saved</source>
        <translation>自上次保存以来的更改</translation>
    </message>
    <message>
        <source>Compare Side by Side...</source>
        <translation>并排比较...</translation>
    </message>
</context>
<context>
    <name>ClusterActions</name>
    <message>
        <source>New C&amp;luster Plan</source>
        <translation>新建集群规划(&amp;L)</translation>
    </message>
    <message>
        <source>From the &amp;Open Design</source>
        <translation>由当前打开的设计(&amp;O)</translation>
    </message>
    <message>
        <source>From a &amp;Template</source>
        <translation>由模板(&amp;T)</translation>
    </message>
    <message>
        <source>Open Cl&amp;uster Plan...</source>
        <translation>打开集群规划(&amp;U)...</translation>
    </message>
    <message>
        <source>{name} cluster</source>
        <translation>{name} 集群</translation>
    </message>
    <message>
        <source>Cannot plan a cluster</source>
        <translation>无法规划集群</translation>
    </message>
    <message>
        <source>Open cluster plan</source>
        <translation>打开集群规划</translation>
    </message>
    <message>
        <source>Cluster plans and cluster sheets (*.json *.pdf);;All files (*)</source>
        <translation>集群规划与集群规格表 (*.json *.pdf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open cluster plan</source>
        <translation>无法打开集群规划</translation>
    </message>
</context>
<context>
    <name>ClusterBomPanel</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>ClusterCostPanel</name>
    <message>
        <source>the shipped book</source>
        <translation>内置价格表</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估计值）</translation>
    </message>
    <message>
        <source>Capital US${capital} million{est}, of which US${estimated} million from estimates; yearly cost US${yearly} million; US${hour} per GPU-hour at {util} utilisation, PUE {pue}, US${kwh}/kWh; {energy} MWh a year (prices: {book}).</source>
        <translation>资本支出 US${capital} 百万{est}，其中 US${estimated} 百万来自估计值；每年成本 US${yearly} 百万；利用率 {util}、PUE {pue}、电价 US${kwh}/kWh 时每 GPU 小时 US${hour}；每年 {energy} MWh（价格表：{book}）。</translation>
    </message>
    <message>
        <source>Your price book was not used: {reason}</source>
        <translation>未使用您的价格表：{reason}</translation>
    </message>
    <message>
        <source>Capital by category (US$ million)</source>
        <translation>各类资本支出（US$ 百万）</translation>
    </message>
    <message>
        <source>Yearly cost by term (US$ million)</source>
        <translation>各项每年成本（US$ 百万）</translation>
    </message>
    <message>
        <source>estimated: prices from the price book&apos;s estimates</source>
        <translation>估计值：价格取自价格表的估计</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>transceivers</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>PDUs</source>
        <translation>PDU 配电单元</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>CDUs</source>
        <translation>CDU 冷却液分配单元</translation>
    </message>
    <message>
        <source>IT depreciation</source>
        <translation>IT 设备折旧</translation>
    </message>
    <message>
        <source>IT interest</source>
        <translation>IT 设备利息</translation>
    </message>
    <message>
        <source>IT maintenance</source>
        <translation>IT 设备维护</translation>
    </message>
    <message>
        <source>facility depreciation</source>
        <translation>设施折旧</translation>
    </message>
    <message>
        <source>facility interest</source>
        <translation>设施利息</translation>
    </message>
    <message>
        <source>facility operation</source>
        <translation>设施运营</translation>
    </message>
    <message>
        <source>energy</source>
        <translation>电费</translation>
    </message>
</context>
<context>
    <name>ClusterInspector</name>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>场地</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>2N (either feed carries the rack)</source>
        <translation>2N（任一路可承担整个机柜）</translation>
    </message>
    <message>
        <source>N (feeds share the load)</source>
        <translation>N（各路分担负载）</translation>
    </message>
    <message>
        <source>Compute fabric</source>
        <translation>计算网络</translation>
    </message>
    <message>
        <source>rail-optimised</source>
        <translation>轨道优化</translation>
    </message>
    <message>
        <source>leaf-spine</source>
        <translation>叶脊</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>{field}: refused, {reason}</source>
        <translation>{field}：不接受，{reason}</translation>
    </message>
    <message>
        <source>default ({value})</source>
        <translation>默认（{value}）</translation>
    </message>
</context>
<context>
    <name>ClusterPowerPanel</name>
    <message>
        <source>IT {it} kW, facility {facility} kW at PUE {pue}; largest rack {largest} kW. Feeds: {feeds} per rack of {feed} kW each ({policy}); worst load {load}, {after} with one feed lost (rack {rack}). Heat: {air} kW to air, {liquid} kW to liquid; coolant {flow} L/min; {cdus} CDU(s); {tons} tons of cooling.</source>
        <translation>IT {it} kW，PUE {pue} 时设施 {facility} kW；最大机柜 {largest} kW。供电回路：每机柜 {feeds} 路，每路 {feed} kW（{policy}）；最高负载 {load}，失去一路后 {after}（机柜 {rack}）。发热量：排入空气 {air} kW，排入液体 {liquid} kW；冷却液 {flow} L/min；{cdus} 台 CDU；散热需求 {tons} 冷吨。</translation>
    </message>
</context>
<context>
    <name>ClusterPresentWindow</name>
    <message>
        <source>GPU Node Designer - cluster presentation</source>
        <translation>GPU Node Designer - 集群演示</translation>
    </message>
    <message>
        <source>Esc: leave</source>
        <translation>Esc：退出</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>IT power / facility power</source>
        <translation>IT 功耗／设施功耗</translation>
    </message>
    <message>
        <source>Compute switches</source>
        <translation>计算网络交换机</translation>
    </message>
    <message>
        <source>Compute cables</source>
        <translation>计算网络线缆</translation>
    </message>
    <message>
        <source>Worst feed load, one feed lost</source>
        <translation>失去一路供电后的最高负载</translation>
    </message>
</context>
<context>
    <name>ClusterWindow</name>
    <message>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络架构</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Bill of Materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>Power &amp;&amp; Cooling</source>
        <translation>功耗与散热</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>up to {high} of the rack power limit</source>
        <translation>不超过机柜功耗上限的 {high}</translation>
    </message>
    <message>
        <source>up to 100%</source>
        <translation>不超过 100%</translation>
    </message>
    <message>
        <source>over the limit</source>
        <translation>超过上限</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>power shelf</source>
        <translation>电源架</translation>
    </message>
    <message>
        <source>CDU</source>
        <translation>CDU（冷却液分配单元）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Export &amp;BOM as CSV...</source>
        <translation>导出 BOM 为 CSV(&amp;B)...</translation>
    </message>
    <message>
        <source>Export &amp;PDF...</source>
        <translation>导出 PDF(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to View</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Compute racks</source>
        <translation>计算机柜</translation>
    </message>
    <message>
        <source>Network and management racks</source>
        <translation>网络与管理机柜</translation>
    </message>
    <message>
        <source>{gpus} GPUs, {nodes} nodes, {racks} racks, IT {it} kW, {switches} compute switches</source>
        <translation>{gpus} 个 GPU，{nodes} 个节点，{racks} 个机柜，IT {it} kW，{switches} 台计算网络交换机</translation>
    </message>
    <message>
        <source>{title}[*] - Cluster - GPU Node Designer</source>
        <translation>{title}[*] - 集群 - GPU Node Designer</translation>
    </message>
    <message>
        <source>Undone: {edit}</source>
        <translation>已撤销：{edit}</translation>
    </message>
    <message>
        <source>Redone: {edit}</source>
        <translation>已重做：{edit}</translation>
    </message>
    <message>
        <source>{label} in rack {rack}</source>
        <translation>机柜 {rack} 中的 {label}</translation>
    </message>
    <message>
        <source>Save cluster plan as</source>
        <translation>集群规划另存为</translation>
    </message>
    <message>
        <source>Cluster plans (*.json)</source>
        <translation>集群规划 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Export BOM as CSV</source>
        <translation>导出 BOM 为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>导出 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Writing {file}...</source>
        <translation>正在写入 {file}...</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to {title}?</source>
        <translation>要保存对 {title} 的更改吗？</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare designs</source>
        <translation>比较设计</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Add file...</source>
        <translation>添加文件...</translation>
    </message>
    <message>
        <source>Save PDF...</source>
        <translation>保存 PDF...</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美式 Letter 纸张</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>BOM differences</source>
        <translation>BOM 差异</translation>
    </message>
    <message>
        <source>Topology classes</source>
        <translation>拓扑类别</translation>
    </message>
    <message>
        <source>Pick {low}-{high} designs:</source>
        <translation>选择 {low}-{high} 个设计：</translation>
    </message>
    <message>
        <source>Add a design to compare</source>
        <translation>添加要比较的设计</translation>
    </message>
    <message>
        <source>GPU node designs (*.json *.pdf)</source>
        <translation>GPU 节点设计 (*.json *.pdf)</translation>
    </message>
    <message>
        <source>{count} picked</source>
        <translation>已选 {count} 个</translation>
    </message>
    <message>
        <source> (pick {low} to {high})</source>
        <translation>（请选 {low} 到 {high} 个）</translation>
    </message>
    <message>
        <source>{count} designs compared; {best} marks the best value in a row</source>
        <translation>已比较 {count} 个设计；{best} 标示每行的最佳值</translation>
    </message>
    <message>
        <source>Save the comparison as PDF</source>
        <translation>将比较保存为 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF not written: {reason}</source>
        <translation>未写入 PDF：{reason}</translation>
    </message>
    <message>
        <source>Wrote {name}</source>
        <translation>已写入 {name}</translation>
    </message>
    <message>
        <source>saved: {name}</source>
        <translation>已保存：{name}</translation>
    </message>
    <message>
        <source>open: {name}</source>
        <translation>当前打开：{name}</translation>
    </message>
</context>
<context>
    <name>ExportRunner</name>
    <message>
        <source>cannot write: {reason}</source>
        <translation>无法写入：{reason}</translation>
    </message>
    <message>
        <source>internal error: {kind}: {reason}</source>
        <translation>内部错误：{kind}：{reason}</translation>
    </message>
    <message>
        <source>Exporting...</source>
        <translation>正在导出...</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export finished</source>
        <translation>导出完成</translation>
    </message>
    <message>
        <source>Wrote {name}</source>
        <translation>已写入 {name}</translation>
    </message>
    <message>
        <source>in {folder}</source>
        <translation>位于 {folder}</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>FabricPanel</name>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <source>spine</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <source>core</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <source>rail-optimised</source>
        <translation>轨道优化</translation>
    </message>
    <message>
        <source>leaf-spine</source>
        <translation>叶脊</translation>
    </message>
    <message>
        <source>Compute fabric: {topology}, {sus} SU of {positions} node positions, oversubscription {ratio}:1</source>
        <translation>计算网络：{topology}，{sus} 个 SU，每个 {positions} 个节点位置，超额订阅比 {ratio}:1</translation>
    </message>
    <message>
        <source>{title}: {count} x {part}</source>
        <translation>{title}：{count} 台 {part}</translation>
    </message>
    <message>
        <source>{title}, plane {plane}: {count} x {part}</source>
        <translation>{title}，平面 {plane}：{count} 台 {part}</translation>
    </message>
    <message>
        <source>{count} cables, {lower} to {upper}</source>
        <translation>{lower}至{upper}：{count} 条线缆</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>GPU node designs (*.json *.pdf);;All files (*)</source>
        <translation>GPU 节点设计 (*.json *.pdf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to {title}?</source>
        <translation>要保存对 {title} 的更改吗？</translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation>无法打开设计</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>New design</source>
        <translation>新设计</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Discard all changes since {title} was last saved?</source>
        <translation>要放弃自 {title} 上次保存以来的所有更改吗？</translation>
    </message>
    <message>
        <source>Save design as</source>
        <translation>设计另存为</translation>
    </message>
    <message>
        <source>GPU node designs (*.json)</source>
        <translation>GPU 节点设计 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>PDF spec sheet (*.pdf)</source>
        <translation>PDF 规格表 (*.pdf)</translation>
    </message>
    <message>
        <source>JSON spec (*.json)</source>
        <translation>JSON 规格 (*.json)</translation>
    </message>
    <message>
        <source>SVG diagram (*.svg)</source>
        <translation>SVG 架构图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG diagram (*.png)</source>
        <translation>PNG 架构图 (*.png)</translation>
    </message>
    <message>
        <source>16:9 slide (*.png *.svg *.pdf)</source>
        <translation>16:9 幻灯片 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Export {what}</source>
        <translation>导出 {what}</translation>
    </message>
    <message>
        <source>from {path}</source>
        <translation>来自 {path}</translation>
    </message>
    <message>
        <source>(never saved to a file)</source>
        <translation>（从未保存为文件）</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>GPU Node Designer did not close properly. Recover the unsaved design &apos;{name}&apos; {source}, autosaved {when}?

Recover opens it as unsaved work; Discard deletes the autosave; Ignore keeps it for the next start.</source>
        <translation>GPU Node Designer 上次未正常关闭。要恢复未保存的设计“{name}”{source}（自动保存于 {when}）吗？

恢复：作为未保存的工作打开；放弃：删除自动保存文件；忽略：保留到下次启动。</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
</context>
<context>
    <name>InspectorPanel</name>
    <message>
        <source>Refused: {reason}</source>
        <translation>已拒绝：{reason}</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Slot</source>
        <translation>插槽</translation>
    </message>
    <message>
        <source>Select parts of one kind to swap them together.</source>
        <translation>选择同一类部件才能一起更换。</translation>
    </message>
    <message>
        <source>Part of all {n}</source>
        <translation>全部 {n} 个的部件</translation>
    </message>
    <message>
        <source> lanes</source>
        <translation> 通道</translation>
    </message>
    <message>
        <source> ports</source>
        <translation> 端口</translation>
    </message>
    <message>
        <source> lane</source>
        <translation> 通道</translation>
    </message>
    <message>
        <source> port</source>
        <translation> 端口</translation>
    </message>
    <message>
        <source> links</source>
        <translation> 条链路</translation>
    </message>
    <message>
        <source> link</source>
        <translation> 条链路</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>as the ends allow</source>
        <translation>由两端设备决定</translation>
    </message>
    <message>
        <source>PCIe generation cap</source>
        <translation>PCIe 代数上限</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>PSU redundancy</source>
        <translation>PSU 冗余</translation>
    </message>
    <message>
        <source>Failure policy</source>
        <translation>故障策略</translation>
    </message>
    <message>
        <source>no rack budget</source>
        <translation>无机柜功率预算</translation>
    </message>
    <message>
        <source>Rack power budget</source>
        <translation>机柜功率预算</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> 个节点</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每机柜节点数</translation>
    </message>
    <message>
        <source> node</source>
        <translation> 个节点</translation>
    </message>
    <message>
        <source>Rack limit, heat to air</source>
        <translation>机柜上限，散到空气的热量</translation>
    </message>
    <message>
        <source>site limit</source>
        <translation>机房上限</translation>
    </message>
    <message>
        <source>Rack limit, heat to liquid</source>
        <translation>机柜上限，液冷热量</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>platform default (documented)</source>
        <translation>平台默认（依文档）</translation>
    </message>
    <message>
        <source>Fabric Manager default (mode 0)</source>
        <translation>Fabric Manager 默认（模式 0）</translation>
    </message>
    <message>
        <source>Fabric Manager degraded (mode 1, A100 only)</source>
        <translation>Fabric Manager 降级（模式 1，仅 A100）</translation>
    </message>
    <message>
        <source>NMX full-bandwidth partition</source>
        <translation>NMX 全带宽分区</translation>
    </message>
    <message>
        <source>NMX adaptive-bandwidth partition</source>
        <translation>NMX 自适应带宽分区</translation>
    </message>
    <message>
        <source>no published policy (assumed link loss)</source>
        <translation>未公开策略（假设链路损失）</translation>
    </message>
    <message>
        <source>rail optimized</source>
        <translation>轨道优化 (rail optimized)</translation>
    </message>
    <message>
        <source>fat tree</source>
        <translation>胖树 (fat tree)</translation>
    </message>
    <message>
        <source>Scale-out topology</source>
        <translation>scale-out 拓扑</translation>
    </message>
    <message>
        <source>Leaf group</source>
        <translation>叶交换机分组</translation>
    </message>
    <message>
        <source> nodes per leaf</source>
        <translation> 个节点/叶交换机</translation>
    </message>
    <message>
        <source> node per leaf</source>
        <translation> 个节点/叶交换机</translation>
    </message>
    <message>
        <source>Spine oversubscription</source>
        <translation>脊层超额订阅比</translation>
    </message>
    <message>
        <source>&lt;b&gt;{id}&lt;/b&gt;: {kind} link {a} - {b}</source>
        <translation>&lt;b&gt;{id}&lt;/b&gt;：{kind} 链路 {a} - {b}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} items selected&lt;/b&gt;</source>
        <translation>&lt;b&gt;已选中 {count} 项&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Design&lt;/b&gt;: {name}</source>
        <translation>&lt;b&gt;设计&lt;/b&gt;：{name}</translation>
    </message>
    <message>
        <source>The reference design&apos;s description (&quot;{text}&quot;) no longer fits this design, which has changed since: its documents show the line made from its parts, in grey here. Type a description to use your own.</source>
        <translation>参考设计的说明（“{text}”）已不符合此设计，此设计已有变更：其规格表改用由部件组成的说明行，即此处的灰色文字。输入说明即可改用您自己的文字。</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>Accelerators</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Scale-up switches</source>
        <translation>Scale-up 交换机</translation>
    </message>
    <message>
        <source>PCIe switches</source>
        <translation>PCIe 交换机</translation>
    </message>
    <message>
        <source>NICs / DPUs</source>
        <translation>网卡 / DPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Components</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Power &amp;&amp; Thermal</source>
        <translation>功耗与散热</translation>
    </message>
    <message>
        <source>Bill of Materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Blank Design...</source>
        <translation>新建空白设计(&amp;N)...</translation>
    </message>
    <message>
        <source>New from &amp;Template...</source>
        <translation>从模板新建(&amp;T)...</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>还原(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare...</source>
        <translation>比较(&amp;C)...</translation>
    </message>
    <message>
        <source>Design-Space &amp;Search...</source>
        <translation>设计空间搜索(&amp;S)...</translation>
    </message>
    <message>
        <source>&amp;Import Topology...</source>
        <translation>导入拓扑(&amp;I)...</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;PDF Spec Sheet...</source>
        <translation>PDF 规格表(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;JSON Spec...</source>
        <translation>JSON 规格(&amp;J)...</translation>
    </message>
    <message>
        <source>&amp;SVG Diagram...</source>
        <translation>SVG 架构图(&amp;S)...</translation>
    </message>
    <message>
        <source>P&amp;NG Diagram...</source>
        <translation>PNG 架构图(&amp;N)...</translation>
    </message>
    <message>
        <source>16:9 S&amp;lide...</source>
        <translation>16:9 幻灯片(&amp;L)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Auto-wire</source>
        <translation>自动连线(&amp;A)</translation>
    </message>
    <message>
        <source>C&amp;hanges Since Saved...</source>
        <translation>自上次保存的更改(&amp;H)...</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Select / Move</source>
        <translation>选择 / 移动(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Pr&amp;eferences...</source>
        <translation>首选项(&amp;E)...</translation>
    </message>
    <message>
        <source>&amp;Branding for Spec Sheets...</source>
        <translation>规格表品牌设置(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to View</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Show &amp;Grid</source>
        <translation>显示网格(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <source>Auto-wire</source>
        <translation>自动连线</translation>
    </message>
    <message>
        <source>Auto-wire (Ctrl+Shift+W)</source>
        <translation>自动连线 (Ctrl+Shift+W)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适合</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>Undone: {edit}</source>
        <translation>已撤销：{edit}</translation>
    </message>
    <message>
        <source>Redone: {edit}</source>
        <translation>已重做：{edit}</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>Connect: drag from one component to another</source>
        <translation>连接：从一个组件拖到另一个组件</translation>
    </message>
    <message>
        <source>Select and move</source>
        <translation>选择并移动</translation>
    </message>
    <message>
        <source>&amp;What-if: fail it</source>
        <translation>假设分析：使其故障(&amp;W)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language shows when GPU Node Designer starts again.</source>
        <translation>新的语言会在 GPU Node Designer 重新启动后显示。</translation>
    </message>
    <message>
        <source>Restart now? Each window asks about unsaved work first.</source>
        <translation>现在重新启动吗？每个窗口会先询问未保存的工作。</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>立即重新启动</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Paste: the clipboard holds no GPU Node Designer parts</source>
        <translation>粘贴：剪贴板中没有 GPU Node Designer 部件</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>middle or right drag, Space+drag</source>
        <translation>中键或右键拖动、Space+拖动</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>catalog {version}, {count} parts</source>
        <translation>目录 {version}，{count} 个部件</translation>
    </message>
    <message>
        <source>About GPU Node Designer</source>
        <translation>关于 GPU Node Designer</translation>
    </message>
</context>
<context>
    <name>PalettePanel</name>
    <message>
        <source>{form}, {tdp} W TDP</source>
        <translation>{form}，TDP {tdp} W</translation>
    </message>
    <message>
        <source>scale-up: {links} x {bw} GB/s per direction ({bidir} GB/s bidirectional)</source>
        <translation>scale-up：{links} x {bw} GB/s（每方向）（双向 {bidir} GB/s）</translation>
    </message>
    <message>
        <source>dense BF16 {bf16}, FP8 {fp8}</source>
        <translation>稠密算力 BF16 {bf16}，FP8 {fp8}</translation>
    </message>
    <message>
        <source>{ports} ports x {bw} GB/s per direction</source>
        <translation>{ports} 端口 x {bw} GB/s（每方向）</translation>
    </message>
    <message>
        <source>in-switch reduction (NVLS)</source>
        <translation>交换机内归约（NVLS）</translation>
    </message>
    <message>
        <source>no in-switch reduction</source>
        <translation>无交换机内归约</translation>
    </message>
    <message>
        <source>{cores} cores, {tdp} W, {lanes} PCIe Gen{gen} lanes</source>
        <translation>{cores} 核，{tdp} W，{lanes} 条 PCIe Gen{gen} 通道</translation>
    </message>
    <message>
        <source>{watts} W, {eff} efficient</source>
        <translation>{watts} W，效率 {eff}</translation>
    </message>
    <message>
        <source>source ({confidence}): {source}</source>
        <translation>来源（{confidence}）：{source}</translation>
    </message>
    <message>
        <source>Search parts (name, vendor, id)...</source>
        <translation>搜索部件（名称、厂商、ID）...</translation>
    </message>
</context>
<context>
    <name>PdfJob</name>
    <message>
        <source>Not written: {reason}</source>
        <translation>未写入：{reason}</translation>
    </message>
    <message>
        <source>Cannot write {file}: {reason}</source>
        <translation>无法写入 {file}：{reason}</translation>
    </message>
    <message>
        <source>Internal error: {kind}: {reason}</source>
        <translation>内部错误：{kind}：{reason}</translation>
    </message>
    <message>
        <source>Wrote {file}</source>
        <translation>已写入 {file}</translation>
    </message>
</context>
<context>
    <name>PerformancePanel</name>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>nodes: </source>
        <translation>节点数：</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>What-if: fail the selection</source>
        <translation>假设分析：使所选项故障</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Bottleneck of {collective} at {size} bytes: {link}</source>
        <translation>{collective} 在 {size} bytes 的瓶颈：{link}</translation>
    </message>
    <message>
        <source>Notes ({count})</source>
        <translation>备注（{count}）</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <source>{gpus} GPUs ({nodes} nodes)</source>
        <translation>{gpus} 个 GPU（{nodes} 个节点）</translation>
    </message>
    <message>
        <source>{gpus} GPUs (1 node)</source>
        <translation>{gpus} 个 GPU（1 个节点）</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>size (B)</source>
        <translation>大小 (B)</translation>
    </message>
    <message>
        <source>time (us)</source>
        <translation>时间 (us)</translation>
    </message>
    <message>
        <source>algorithm</source>
        <translation>算法</translation>
    </message>
</context>
<context>
    <name>PowerPanel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Component load</source>
        <translation>组件负载</translation>
    </message>
    <message>
        <source>Peak wall power</source>
        <translation>墙端峰值功耗</translation>
    </message>
    <message>
        <source>Published maximum</source>
        <translation>公布的最大值</translation>
    </message>
    <message>
        <source>none published</source>
        <translation>未公布</translation>
    </message>
    <message>
        <source>{wall} W (PSUs {efficiency}% efficient at this load)</source>
        <translation>{wall} W（此负载下 PSU 效率 {efficiency}%）</translation>
    </message>
    <message>
        <source>{maximum} W, calibration point (fan term derived from it; computed {gap}%)</source>
        <translation>{maximum} W，校准点（风扇项由此推导；计算值 {gap}%）</translation>
    </message>
    <message>
        <source>{maximum} W (computed {gap}%)</source>
        <translation>{maximum} W（计算值 {gap}%）</translation>
    </message>
    <message>
        <source>PSUs</source>
        <translation>PSU</translation>
    </message>
    <message>
        <source>Usable under policy</source>
        <translation>冗余策略下可用</translation>
    </message>
    <message>
        <source>{usable} W ({margin} W margin)</source>
        <translation>{usable} W（余量 {margin} W）</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>发热量</translation>
    </message>
    <message>
        <source>Heat to liquid / to air</source>
        <translation>液冷 / 散到空气的热量</translation>
    </message>
    <message>
        <source>Airflow needed</source>
        <translation>所需风量</translation>
    </message>
    <message>
        <source>{cfm} CFM for the air share at a {rise} K rise</source>
        <translation>空气部分在温升 {rise} K 时需 {cfm} CFM</translation>
    </message>
    <message>
        <source>Cooling capacity</source>
        <translation>散热能力</translation>
    </message>
    <message>
        <source>{capacity} W ({how}, {confidence})</source>
        <translation>{capacity} W（{how}，{confidence}）</translation>
    </message>
    <message>
        <source>published</source>
        <translation>公布值</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>推算值</translation>
    </message>
    <message>
        <source>Cooling headroom</source>
        <translation>散热余量</translation>
    </message>
    <message>
        <source>Assumed figures</source>
        <translation>假设数值</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 项</translation>
    </message>
    <message>
        <source>{rise} K rise (assumed)</source>
        <translation>温升 {rise} K（假设值）</translation>
    </message>
    <message>
        <source>{rise} K rise</source>
        <translation>温升 {rise} K</translation>
    </message>
    <message>
        <source>Coolant flow</source>
        <translation>冷却液流量</translation>
    </message>
    <message>
        <source>{flow} L/min of water at a {rise}</source>
        <translation>{rise} 时需 {flow} L/min 的水</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Per direction (as NVIDIA and nccl-tests quote links)</source>
        <translation>每方向（NVIDIA 与 nccl-tests 标注链路的方式）</translation>
    </message>
    <message>
        <source>Bidirectional (both directions added)</source>
        <translation>双向（两个方向相加）</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美式 Letter</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Language (after a restart)</source>
        <translation>语言（重启后生效）</translation>
    </message>
    <message>
        <source>Bandwidth shown</source>
        <translation>带宽显示方式</translation>
    </message>
    <message>
        <source>Autosave unsaved work every</source>
        <translation>自动保存未保存工作的间隔</translation>
    </message>
    <message>
        <source>Default paper size</source>
        <translation>默认纸张大小</translation>
    </message>
    <message>
        <source>Air-cooled racks: all their heat; liquid-cooled racks: their air share</source>
        <translation>风冷机柜：全部热量；液冷机柜：散到空气的部分</translation>
    </message>
    <message>
        <source>Rack limit, heat to air</source>
        <translation>机柜上限，散到空气的热量</translation>
    </message>
    <message>
        <source>Rack limit, heat to liquid</source>
        <translation>机柜上限，液冷热量</translation>
    </message>
    <message>
        <source>shipped price book</source>
        <translation>内置价格表</translation>
    </message>
    <message>
        <source>A JSON price book whose entries replace the shipped prices (user guide, &apos;Cost of ownership&apos;); empty: the shipped prices</source>
        <translation>以 JSON 价格表的条目取代内置价格（见用户指南“拥有成本”）；留空则使用内置价格</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>价格表</translation>
    </message>
    <message>
        <source>Autosave interval {typed} s is out of range: {low} to {high} s.</source>
        <translation>自动保存间隔 {typed} 秒超出范围：{low} 至 {high} 秒。</translation>
    </message>
    <message>
        <source>Price book (*.json)</source>
        <translation>价格表 (*.json)</translation>
    </message>
    <message>
        <source>public default ({kw} kW)</source>
        <translation>公开默认值（{kw} kW）</translation>
    </message>
</context>
<context>
    <name>PresentWindow</name>
    <message>
        <source>Fail a switch plane</source>
        <translation>交换平面故障</translation>
    </message>
    <message>
        <source>Fail a NIC</source>
        <translation>网卡故障</translation>
    </message>
    <message>
        <source>Fail a PSU</source>
        <translation>PSU 故障</translation>
    </message>
    <message>
        <source>GPU Node Designer - presentation</source>
        <translation>GPU Node Designer - 演示</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>Left/Right or 1-9: switch design    P, N, S: fail a plane, NIC, PSU    Esc: leave</source>
        <translation>左/右或 1-9：切换设计    P、N、S：使交换平面、网卡、PSU 故障    Esc：退出</translation>
    </message>
    <message>
        <source>Cannot compute</source>
        <translation>无法计算</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>  [waived: {reason}]</source>
        <translation>  [已豁免：{reason}]</translation>
    </message>
    <message>
        <source>{message}
fix: {fix}</source>
        <translation>{message}
修复：{fix}</translation>
    </message>
    <message>
        <source>{counts}, {waived} waived; {rules} rules</source>
        <translation>{counts}，{waived} 项已豁免；{rules} 条规则</translation>
    </message>
    <message>
        <source>waived ({count})</source>
        <translation>已豁免（{count}）</translation>
    </message>
    <message>
        <source>not met: {counts}</source>
        <translation>未满足：{counts}</translation>
    </message>
    <message>
        <source>check warns: {counts}</source>
        <translation>检查警告：{counts}</translation>
    </message>
    <message>
        <source>Remove waiver</source>
        <translation>移除豁免</translation>
    </message>
    <message>
        <source>Waive...</source>
        <translation>豁免...</translation>
    </message>
    <message>
        <source>Locate on canvas</source>
        <translation>在画布上定位</translation>
    </message>
    <message>
        <source>Why is this acceptable?
{message}</source>
        <translation>为什么可以接受？
{message}</translation>
    </message>
    <message>
        <source>Waive violation</source>
        <translation>豁免违规</translation>
    </message>
</context>
<context>
    <name>RackTableModel</name>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Power (kW)</source>
        <translation>功耗（kW）</translation>
    </message>
    <message>
        <source>BTU/hr</source>
        <translation>发热量（BTU/hr）</translation>
    </message>
    <message>
        <source>Load of limit</source>
        <translation>占上限比例</translation>
    </message>
    <message>
        <source>Feed load</source>
        <translation>供电回路负载</translation>
    </message>
    <message>
        <source>Feed load, one feed lost</source>
        <translation>失去一路后的供电回路负载</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>management</source>
        <translation>管理</translation>
    </message>
</context>
<context>
    <name>SweepWindow</name>
    <message>
        <source>Design-Space Search</source>
        <translation>设计空间搜索</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>超额订阅比</translation>
    </message>
    <message>
        <source>Network (ib, roce)</source>
        <translation>网络 (ib, roce)</translation>
    </message>
    <message>
        <source>Electricity, US$/kWh</source>
        <translation>电价，US$/kWh</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE（电能利用效率）</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Local processes</source>
        <translation>本地进程数</translation>
    </message>
    <message>
        <source>shipped price book</source>
        <translation>内置价格表</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>价格表</translation>
    </message>
    <message>
        <source>Designs</source>
        <translation>设计数</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>导出 CSV...</translation>
    </message>
    <message>
        <source>Filter: words every row shown contains (dgx-h100 roce; pareto)</source>
        <translation>筛选：所显示的每一行都包含的词（dgx-h100 roce；pareto）</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>US$/kWh</source>
        <translation>电价（US$/kWh）</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw（GB/s）</translation>
    </message>
    <message>
        <source>US$ per GPU-hour</source>
        <translation>每 GPU 小时 US$</translation>
    </message>
    <message>
        <source>W per GPU</source>
        <translation>每 GPU 瓦数</translation>
    </message>
    <message>
        <source>Capital (US$)</source>
        <translation>资本支出（US$）</translation>
    </message>
    <message>
        <source>Pareto</source>
        <translation>Pareto 集</translation>
    </message>
    <message>
        <source>choose at least one node</source>
        <translation>请至少选择一种节点</translation>
    </message>
    <message>
        <source>{n} designs, {p} on the Pareto set. Hover a point for its figures; click it to open that cluster plan (in the table: a row, then Enter).</source>
        <translation>{n} 个设计，其中 {p} 个在 Pareto 前沿上。将光标移到点上可查看数据；单击即打开该集群规划（在表格中：选中一行后按 Enter）。</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Electricity</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>{n} designs</source>
        <translation>{n} 个设计</translation>
    </message>
    <message>
        <source>Price book (*.json)</source>
        <translation>价格表 (*.json)</translation>
    </message>
    <message>
        <source>Running...</source>
        <translation>运行中...</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>正在取消...</translation>
    </message>
    <message>
        <source>The sweep failed: {reason}</source>
        <translation>搜索失败：{reason}</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消，未写入任何文件。</translation>
    </message>
    <message>
        <source>{shown} of {total} designs</source>
        <translation>{total} 个设计中的 {shown} 个</translation>
    </message>
    <message>
        <source>AllReduce busbw, 1 GiB over all GPUs (GB/s, modelled)</source>
        <translation>AllReduce busbw，全部 GPU 上 1 GiB（GB/s，模型推算）</translation>
    </message>
    <message>
        <source>Cost per GPU-hour (US$)</source>
        <translation>每 GPU 小时成本（US$）</translation>
    </message>
    <message>
        <source>Facility power per GPU (W)</source>
        <translation>每 GPU 设施功耗（W）</translation>
    </message>
    <message>
        <source>Pareto set</source>
        <translation>Pareto 前沿</translation>
    </message>
    <message>
        <source>other designs</source>
        <translation>其他设计</translation>
    </message>
    <message>
        <source>busbw-cost front</source>
        <translation>busbw 与成本的前沿</translation>
    </message>
    <message>
        <source>No designs yet: set the ranges and run the sweep</source>
        <translation>尚无设计：请设置范围后运行搜索</translation>
    </message>
    <message>
        <source>{node}, {gpus} GPUs, oversubscription {over}:1, {net}, US${kwh}/kWh, PUE {pue}: busbw {busbw} GB/s, US${cost} per GPU-hour, {watts} W per GPU, capital US${capex}{est}</source>
        <translation>{node}，{gpus} 个 GPU，超额订阅 {over}:1，{net}，US${kwh}/kWh，PUE {pue}：busbw {busbw} GB/s，每 GPU 小时 US${cost}，每 GPU {watts} W，资本支出 US${capex}{est}</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估计值）</translation>
    </message>
    <message>
        <source>Export sweep</source>
        <translation>导出搜索结果</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Wrote {file}: {shown} of {total} designs, as the table shows them</source>
        <translation>已写入 {file}：{total} 个设计中的 {shown} 个，按表格所示</translation>
    </message>
    <message>
        <source>Wrote {file}: every design of the run (more than the table holds)</source>
        <translation>已写入 {file}：本次运行的所有设计（多于表格可容纳的数量）</translation>
    </message>
    <message>
        <source>Cannot write {file}: {reason}</source>
        <translation>无法写入 {file}：{reason}</translation>
    </message>
</context>
<context>
    <name>TemplateGallery</name>
    <message>
        <source>A: PCIe switch</source>
        <translation>A：PCIe 交换机</translation>
    </message>
    <message>
        <source>B: full mesh (switched or direct links)</source>
        <translation>B：全互连（经交换机或直连链路）</translation>
    </message>
    <message>
        <source>C: CPU-GPU fusion</source>
        <translation>C：CPU-GPU 融合</translation>
    </message>
    <message>
        <source>D: custom liquid</source>
        <translation>D：定制液冷</translation>
    </message>
    <message>
        <source>rack-scale (more than 8 GPUs)</source>
        <translation>机柜级（超过 8 个 GPU）</translation>
    </message>
    <message>
        <source>rack-scale</source>
        <translation>机柜级</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>liquid (cold plate)</source>
        <translation>液冷（冷板）</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸没式冷却</translation>
    </message>
    <message>
        <source>{count} GPUs · {scaleup} GB/s/dir scale-up per GPU · {memory} GB {kind} · {out} Gb/s per GPU out · {power} kW</source>
        <translation>{count} 个 GPU · 每 GPU scale-up {scaleup} GB/s（每方向）· {kind} {memory} GB · 每 GPU 对外 {out} Gb/s · {power} kW</translation>
    </message>
    <message>
        <source>{count} accelerators · {scaleup} GB/s/dir scale-up per accelerator · {memory} GB {kind} · {out} Gb/s per accelerator out · {power} kW</source>
        <translation>{count} 个加速器 · 每加速器 scale-up {scaleup} GB/s（每方向）· {kind} {memory} GB · 每加速器对外 {out} Gb/s · {power} kW</translation>
    </message>
    <message>
        <source>New design from a reference design</source>
        <translation>从参考设计新建设计</translation>
    </message>
    <message>
        <source>{vendor} · scheme {scheme} · {cooling}</source>
        <translation>{vendor} · 方案 {scheme} · {cooling}</translation>
    </message>
    <message>
        <source>B: switched full mesh</source>
        <translation>B：交换式全互连</translation>
    </message>
    <message>
        <source>B: full mesh (direct links, no switch)</source>
        <translation>B：全互连（直连链路，无交换机）</translation>
    </message>
    <message>
        <source>Search: name, GPU, vendor, figures</source>
        <translation>搜索：名称、GPU、厂商、数据</translation>
    </message>
    <message>
        <source>No reference design matches this search and these filters.</source>
        <translation>没有符合此搜索和筛选条件的参考设计。</translation>
    </message>
    <message>
        <source>Clear search and filters</source>
        <translation>清除搜索和筛选</translation>
    </message>
    <message>
        <source>Vendor:</source>
        <translation>厂商：</translation>
    </message>
    <message>
        <source>Scheme:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>Cooling:</source>
        <translation>散热：</translation>
    </message>
    <message>
        <source>Start from a reference design:</source>
        <translation>从参考设计开始：</translation>
    </message>
    <message>
        <source>Chassis of a blank design:</source>
        <translation>空白设计的机箱：</translation>
    </message>
    <message>
        <source>Blank design
An empty chassis (choose it below): add parts from the library and wire them; Auto-wire finishes the wiring.</source>
        <translation>空白设计
空的机箱（在下方选择）：从组件库添加组件并连线；自动连线会完成其余连线。</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>{visible} of {total} designs</source>
        <translation>显示 {visible} / {total} 个设计</translation>
    </message>
</context>
<context>
    <name>TopologyImport</name>
    <message>
        <source>Cannot import topology</source>
        <translation>无法导入拓扑</translation>
    </message>
    <message>
        <source>Import topology (nvidia-smi topo -m, rocm-smi, npu-smi)</source>
        <translation>导入拓扑（nvidia-smi topo -m、rocm-smi、npu-smi）</translation>
    </message>
    <message>
        <source>Topology pastes (*.txt *.log *.out);;All files (*)</source>
        <translation>拓扑输出 (*.txt *.log *.out);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>GPUs: </source>
        <translation>GPU 数：</translation>
    </message>
    <message>
        <source>FP8 (linear layers)</source>
        <translation>FP8（线性层）</translation>
    </message>
    <message>
        <source>No layout of {model} fits on {gpus} GPUs of this design ({n} tried): more GPUs, or GPUs with more memory.</source>
        <translation>{model} 在此设计的 {gpus} 个 GPU 上没有放得下的配置（已试 {n} 种）：请增加 GPU，或改用显存更大的 GPU。</translation>
    </message>
    <message>
        <source>Best of {n} layouts ({fit} fit): TP {tp} x PP {pp} x DP {dp} x CP {cp}, micro-batch {mb}, recompute {rc}, ZeRO {zero}. Step {step} s, MFU {mfu}, {mem} GiB per GPU. {model} on {tokens} tokens (20 per parameter): {days} days, US${cost} (modelled).</source>
        <translation>{n} 种配置中最佳（{fit} 种放得下）：TP {tp} x PP {pp} x DP {dp} x CP {cp}，微批次 {mb}，重算 {rc}，ZeRO {zero}。每步 {step} s，MFU {mfu}，每 GPU {mem} GiB。{model} 训练 {tokens} 个 token（每参数 20 个）：{days} 天，US${cost}（模型估算）。</translation>
    </message>
    <message>
        <source>Not validated for a mixture of experts: the model runs above every published Megatron-Bridge Qwen3 run (see the user guide).</source>
        <translation>混合专家模型未经验证：本模型的结果高于每一项已公开的 Megatron-Bridge Qwen3 实测（见用户指南）。</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation>每步时间（s）</translation>
    </message>
    <message>
        <source>none</source>
        <comment>recompute</comment>
        <translation>不重算</translation>
    </message>
    <message>
        <source>selective</source>
        <comment>recompute</comment>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <comment>recompute</comment>
        <translation>完整</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重算</translation>
    </message>
    <message>
        <source>step (s)</source>
        <translation>每步（s）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每 GPU GiB</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <source>New blank design</source>
        <translation>新建空白设计</translation>
    </message>
    <message>
        <source>Chassis:</source>
        <translation>机箱：</translation>
    </message>
</context>
</TS>
